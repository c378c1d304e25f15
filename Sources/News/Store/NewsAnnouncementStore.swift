import SQLKit
public import Storage

/// Which shown articles were announced by push (`news.announced`), so each is announced once.
public enum NewsAnnouncementStore {
    /// Marks up to `limit` shown, unannounced articles as announced and returns them, oldest first.
    /// Run it in the transaction that queues their pushes: the claim and the pushes commit together,
    /// and concurrent claimers (other instances) never get the same article, because the update
    /// re-checks `announced` on each row it locks.
    public static func claim(limit: Int, now: Int, on connection: StoreConnection) async throws -> [PublishedArticle] {
        let ids = try await connection.raw(
            """
            UPDATE news SET announced = \(bind: true)
            WHERE announced = \(bind: false) AND id IN (
                SELECT n.id FROM news n WHERE n.announced = \(bind: false) AND \(NewsFeedStore.visible("n", now: now))
                ORDER BY n.add_date, n.id LIMIT \(bind: limit)
            )
            RETURNING id
            """
        ).all().map { try $0.decode(column: "id", as: Int.self) }
        return try await NewsFeedStore.articles(ids: ids, now: now, on: connection).reversed()
    }
}
