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
        _ words: [String], listed: [SQLQueryString], after position: NewsFeedStore.Position?, walk: Int = Self.recentWindow
    ) -> SQLQueryString {
        var conditions = listed
        if let position { conditions.append("(n.add_date, n.id) < (\(bind: position.addDate), \(bind: position.id))") }
        let holds = words.map { Self.contains($0) }.joined(separator: " AND ")
        return """
            SELECT n.id, n.add_date, CASE WHEN \(holds) THEN 1 ELSE 0 END AS hit FROM news n
            WHERE \(conditions.joined(separator: " AND ")) ORDER BY n.add_date DESC, n.id DESC LIMIT \(bind: walk)
            """
    }

    /// PostgreSQL: up to `limit` listed articles after `position` holding every word, newest first,
    /// found by the index: one scan of `news` whose only selective condition is the indexed words', in
    /// a materialized CTE, so a planner guessing how common a word is cannot serve the outer `ORDER BY
    /// … LIMIT` by walking `news_listing` past every article instead.
    package static func postgresIndexedQuery(
        _ words: [String], listed: [SQLQueryString], after position: NewsFeedStore.Position?, limit: Int, offset: Int = 0
    ) -> SQLQueryString {
        var conditions = words.map(Self.contains) + listed
        if let position { conditions.append("(n.add_date, n.id) < (\(bind: position.addDate), \(bind: position.id))") }
        return """
            WITH r AS MATERIALIZED (SELECT n.id, n.add_date FROM news n WHERE \(conditions.joined(separator: " AND ")))
            SELECT r.id, r.add_date FROM r ORDER BY r.add_date DESC, r.id DESC \(NewsFeedStore.page(limit: limit, offset: offset, postgres: true))
            """
    }

    /// SQLite: up to `limit` listed articles after `position` and not before `start` holding every
    /// word, newest first, skipping `offset`, among the first `candidates` articles the index hands
    /// over. The FTS5 table hands its matches over newest first (its row numbers are list keys) and
    /// drives the join (`CROSS JOIN` keeps the planner from walking `news` instead and probing the
    /// index per row); each candidate finds its article by `news_listing_key` (`INDEXED BY`:
    /// statistics gathered before the keys were written once made the planner walk `news_listing` for
    /// every match). The index finds the rows holding the search's trigrams; `instr` checks every word
    /// on them. Both sides are folded, so `instr` means what `LIKE` means on PostgreSQL. A `LIKE` with
    /// a bound pattern, like a bound `LIMIT` (``NewsFeedStore/page(limit:offset:postgres:)``), made
    /// SQLite compile the statement twice per search: it prepares it again once the pattern is bound,
    /// to try its `LIKE` optimisation.
    package static func indexedQuery(
        _ search: SearchQuery, listed: [SQLQueryString], after position: NewsFeedStore.Position?, notBefore start: NewsFeedStore.Position? = nil,
        limit: Int, offset: Int, candidates: Int = Self.candidateLimit
    ) -> SQLQueryString {
        let holds = search.words.map { word -> SQLQueryString in "instr(n.search_text, \(bind: word)) > 0" }
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

    /// SQLite: the list keys of the articles holding the search's trigrams after `position` and not
    /// before `start`, newest first, `page` of them.
    private static func candidatesQuery(
        _ search: SearchQuery, after position: NewsFeedStore.Position?, notBefore start: NewsFeedStore.Position?, page: SQLQueryString
    ) -> SQLQueryString {
        var conditions: [SQLQueryString] = ["news_search MATCH \(bind: search.trigramMatch)"]
        if let position { conditions.append("rowid > \(bind: NewsSearchIndex.listingKey(addDate: position.addDate, id: position.id))") }
        if let start { conditions.append("rowid <= \(bind: NewsSearchIndex.listingKey(addDate: start.addDate, id: start.id))") }
        return "SELECT rowid FROM news_search WHERE \(conditions.joined(separator: " AND ")) ORDER BY rowid \(page)"
    }

    /// How many of `words` articles `ids` hold in their title (`title_hits`) and, of the others, in
    /// their summary (`summary_hits`): where each word first occurs in the search text.
    package static func rankQuery(_ words: [String], ids: [Int], postgres: Bool) -> SQLQueryString {
        let find = postgres ? "strpos" : "instr"
        let titleHits = words.map { word -> SQLQueryString in
            "(CASE WHEN \(unsafeRaw: find)(n.search_text, \(bind: word)) BETWEEN 1 AND COALESCE(n.search_title_end, 0) THEN 1 ELSE 0 END)"
        }
        let summaryHits = words.map { word -> SQLQueryString in
            """
            (CASE WHEN \(unsafeRaw: find)(n.search_text, \(bind: word)) BETWEEN COALESCE(n.search_title_end, 0) + 1
                AND COALESCE(n.search_summary_end, 0) THEN 1 ELSE 0 END)
            """
        }
        return """
            SELECT n.id, \(titleHits.joined(separator: " + ")) AS title_hits, \(summaryHits.joined(separator: " + ")) AS summary_hits
            FROM news n WHERE n.id IN (\(ids.map { "\(bind: $0)" as SQLQueryString }.joined(separator: ", ")))
            """
    }

    /// PostgreSQL: "article `n` holds `word`" (folded), as `pg_trgm`'s index serves it.
    private static func contains(_ word: String) -> SQLQueryString {
        "n.search_text LIKE \(bind: SearchText.containsPattern(word)) ESCAPE '!'"
    }
}
