import SQLKit
import Storage

/// Keeps SQLite's search index in step with the articles, in the writer's transaction.
///
/// On SQLite the index is `news_search`, an FTS5 table with the `trigram` tokenizer whose content is
/// `news.search_text` (and `news_words`, whose content is the short words, `news.search_words`), and
/// whose row numbers are `news.listing_key` (``listingKey(addDate:id:)``): the
/// index then hands its matches over in list order, newest first, in its own ascending order (FTS5
/// reads a doclist backwards several times slower). FTS5 forgets a row only when told
/// the key and the text it indexed, so a writer removes an article from the index before changing or
/// deleting the row (its stored key and text are still the indexed ones: only this type changes the
/// key) and adds it back after. PostgreSQL's indexes (`pg_trgm`'s GIN index on `news.search_text`, a
/// GIN index on `news.search_words`) are kept by PostgreSQL itself.
enum NewsSearchIndex {
    /// A number that sorts as lists do, newest first: `-(add_date × 2³⁰ + id)`, exact for IDs below
    /// 2³⁰ (a billion articles) and publication times within 2³² seconds of 1970 (the year 2106),
    /// well inside SQLite's 64-bit row numbers. Migration 0035 computes it the same way.
    static func listingKey(addDate: Int, id: Int) -> Int {
        -(addDate * (1 << 30) + id)
    }

    /// The list position a listing key was made from.
    static func position(ofListingKey key: Int) -> NewsFeedStore.Position {
        NewsFeedStore.Position(addDate: -key >> 30, id: -key & (1 << 30 - 1))
    }

    /// Removes article `id` from the index (before a write changes or deletes it).
    static func forget(_ id: Int, on connection: StoreConnection) async throws {
        guard !connection.isPostgres else { return }
        try await connection.raw(
            """
            INSERT INTO news_search (news_search, rowid, search_text)
            SELECT 'delete', listing_key, search_text FROM news WHERE id = \(bind: id) AND search_text IS NOT NULL AND listing_key IS NOT NULL
            """
        ).run()
        try await connection.raw(
            """
            INSERT INTO news_words (news_words, rowid, search_words)
            SELECT 'delete', listing_key, search_words FROM news WHERE id = \(bind: id) AND search_words IS NOT NULL AND listing_key IS NOT NULL
            """
        ).run()
    }

    /// Gives `article` its listing key and adds its search text to the index (after a write).
    static func add(_ article: NewsArticle, on connection: StoreConnection) async throws {
        guard !connection.isPostgres else { return }
        let id = article.id
        let key = Self.listingKey(addDate: article.addDate, id: id)
        try await connection.raw("UPDATE news SET listing_key = \(bind: key) WHERE id = \(bind: id)").run()
        try await connection.raw(
            "INSERT INTO news_search (rowid, search_text) SELECT listing_key, search_text FROM news WHERE id = \(bind: id) AND search_text IS NOT NULL"
        ).run()
        try await connection.raw(
            "INSERT INTO news_words (rowid, search_words) SELECT listing_key, search_words FROM news WHERE id = \(bind: id) AND search_words IS NOT NULL"
        ).run()
    }
}
