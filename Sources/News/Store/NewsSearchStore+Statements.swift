package import SQLKit

/// The statements of ``NewsSearchStore`` (tests read their plans).
extension NewsSearchStore {
    /// PostgreSQL: "the article is `start` or newer than it".
    package static func notBefore(_ start: NewsFeedStore.Position) -> SQLQueryString {
        "(n.add_date, n.id) >= (\(bind: start.addDate), \(bind: start.id))"
    }

    /// PostgreSQL: the newest `walk` listed articles after `position`, each marked `hit` when it holds
    /// every word: a walk of `news_listing` (or `news_category`) bounded by its `LIMIT`.
    package static func recentQuery(
        _ search: SearchQuery, listed: [SQLQueryString], after position: NewsFeedStore.Position?, walk: Int = Self.recentWindow
    ) -> SQLQueryString {
        var conditions = listed
        if let position { conditions.append("(n.add_date, n.id) < (\(bind: position.addDate), \(bind: position.id))") }
        let holds = Self.holds(search, postgres: true).joined(separator: " AND ")
        return """
            SELECT n.id, n.add_date, CASE WHEN \(holds) THEN 1 ELSE 0 END AS hit FROM news n
            WHERE \(conditions.joined(separator: " AND ")) ORDER BY n.add_date DESC, n.id DESC LIMIT \(bind: walk)
            """
    }

    /// PostgreSQL: up to `limit` listed articles after `position` holding every word, newest first,
    /// found by the indexes (`pg_trgm`'s for long words, the short words' array index for short ones,
    /// both when the search has both): one scan of `news` whose only selective conditions are the words', in
    /// a materialized CTE, so a planner guessing how common a word is cannot serve the outer `ORDER BY
    /// … LIMIT` by walking `news_listing` past every article instead.
    package static func postgresIndexedQuery(
        _ search: SearchQuery, listed: [SQLQueryString], after position: NewsFeedStore.Position?, limit: Int, offset: Int = 0
    ) -> SQLQueryString {
        var conditions = Self.holds(search, postgres: true) + listed
        if let position { conditions.append("(n.add_date, n.id) < (\(bind: position.addDate), \(bind: position.id))") }
        return """
            WITH r AS MATERIALIZED (SELECT n.id, n.add_date FROM news n WHERE \(conditions.joined(separator: " AND ")))
            SELECT r.id, r.add_date FROM r ORDER BY r.add_date DESC, r.id DESC \(NewsFeedStore.page(limit: limit, offset: offset, postgres: true))
            """
    }

    /// SQLite: up to `limit` listed articles after `position` and not before `start` holding every
    /// word, newest first, skipping `offset`, among the first `candidates` articles the index hands
    /// over (the trigram index, or the short-word index for a search of short words only). The FTS5
    /// table hands its matches over newest first (its row numbers are list keys) and
    /// drives the join (`CROSS JOIN` keeps the planner from walking `news` instead and probing the
    /// index per row); each candidate finds its article by `news_listing_key` (`INDEXED BY`:
    /// statistics gathered before the keys were written once made the planner walk `news_listing` for
    /// every match). The index finds the rows holding the search's trigrams; `instr` checks every word
    /// on them (``holds(_:postgres:)``). Both sides are folded, so `instr` means what `LIKE` means on PostgreSQL. A `LIKE` with
    /// a bound pattern, like a bound `LIMIT` (``NewsFeedStore/page(limit:offset:postgres:)``), made
    /// SQLite compile the statement twice per search: it prepares it again once the pattern is bound,
    /// to try its `LIKE` optimisation.
    package static func indexedQuery(
        _ search: SearchQuery, listed: [SQLQueryString], after position: NewsFeedStore.Position?, notBefore start: NewsFeedStore.Position? = nil,
        limit: Int, offset: Int, candidates: Int = Self.candidateLimit
    ) -> SQLQueryString {
        let holds = Self.holds(search, postgres: false)
        return """
            SELECT n.id, n.add_date FROM (\(Self.candidatesQuery(search, after: position, notBefore: start, page: "LIMIT \(literal: candidates)"))) f
            CROSS JOIN news n INDEXED BY news_listing_key ON n.listing_key = f.rowid
            WHERE \((holds + listed).joined(separator: " AND ")) ORDER BY f.rowid \(NewsFeedStore.page(limit: limit, offset: offset, postgres: false))
            """
    }

    /// SQLite: the list key of the last of the `candidates` articles ``indexedQuery(_:listed:after:notBefore:limit:offset:candidates:)``
    /// checks, when the index has that many: where a search that found too few stopped.
    package static func lastCandidateQuery(
        _ search: SearchQuery, after position: NewsFeedStore.Position?, notBefore start: NewsFeedStore.Position?, candidates: Int
    ) -> SQLQueryString {
        Self.candidatesQuery(search, after: position, notBefore: start, page: "LIMIT 1 OFFSET \(literal: candidates - 1)")
    }

    /// SQLite: the list keys of the articles holding the search's trigrams (or, with no long word,
    /// its short words) after `position` and not before `start`, newest first, `page` of them.
    private static func candidatesQuery(
        _ search: SearchQuery, after position: NewsFeedStore.Position?, notBefore start: NewsFeedStore.Position?, page: SQLQueryString
    ) -> SQLQueryString {
        let (index, match) = search.trigramMatch.map { ("news_search", $0) } ?? ("news_words", search.shortWordMatch)
        var conditions: [SQLQueryString] = ["\(unsafeRaw: index) MATCH \(bind: match)"]
        if let position { conditions.append("rowid > \(bind: NewsSearchIndex.listingKey(addDate: position.addDate, id: position.id))") }
        if let start { conditions.append("rowid <= \(bind: NewsSearchIndex.listingKey(addDate: start.addDate, id: start.id))") }
        return "SELECT rowid FROM \(unsafeRaw: index) WHERE \(conditions.joined(separator: " AND ")) ORDER BY rowid \(page)"
    }

    /// The title and the summary of articles `ids`, as they begin their search text, and where the
    /// title ends: relevance counts the words found in each (``SearchQuery/wordsHeld(by:)``).
    package static func rankQuery(ids: [Int]) -> SQLQueryString {
        """
        SELECT n.id, COALESCE(n.search_title_end, 0) AS title_end, substr(n.search_text, 1, COALESCE(n.search_summary_end, 0)) AS head
        FROM news n WHERE n.id IN (\(ids.map { "\(bind: $0)" as SQLQueryString }.joined(separator: ", ")))
        """
    }

    /// "Article `n` holds every word of `search`": a long word anywhere in its search text (SQLite:
    /// `instr`; PostgreSQL: `LIKE`, which `pg_trgm`'s index serves), a short word among its short
    /// words (SQLite: `instr` on them spaced; PostgreSQL: as an array, which its GIN index serves).
    private static func holds(_ search: SearchQuery, postgres: Bool) -> [SQLQueryString] {
        guard postgres else {
            return search.longWords.map { "instr(n.search_text, \(bind: $0)) > 0" }
                + search.shortWords.map { "instr(' ' || n.search_words || ' ', \(bind: " \($0) ")) > 0" }
        }
        var holds = search.longWords.map { "n.search_text LIKE \(bind: SearchText.containsPattern($0)) ESCAPE '!'" as SQLQueryString }
        if !search.shortWords.isEmpty {
            let words = search.shortWords.map { "\(bind: $0)" as SQLQueryString }.joined(separator: ", ")
            holds.append("string_to_array(n.search_words, ' ') @> ARRAY[\(words)]::text[]")
        }
        return holds
    }
}
