import SQLKit
public import Storage

/// The log incremental sync reads (`news_changes`): one numbered row per write to an article or a
/// category and per article the clock made visible or invisible.
///
/// A row says only *what* changed; a reader looks at the resource as it is now (shown → upserted,
/// otherwise deleted), so only a resource's latest row is kept: recording a change removes the
/// earlier one, and a client catching up gets each resource once. Rows must appear in commit order, or a reader
/// could see change N+1 while N is uncommitted, move its token past N and never see it: every writer
/// takes ``writeLockKey`` as a transaction-level advisory lock on PostgreSQL before numbering its row
/// (SQLite has one writer at a time anyway). The lock is released at commit, after the row is visible.
public enum NewsChangeLog {
    /// The advisory lock that orders change-log writers on PostgreSQL ("newslog").
    public static let writeLockKey: Int64 = 0x6E65_7773_6C6F_67

    /// The sync state: what a token is checked against.
    public struct State: Sendable, Equatable {
        /// This database's identity (a token from another database means: start again).
        public var databaseID: String
        /// The highest change number the retention sweep removed (older tokens cannot be served).
        public var sweptThrough: Int
        /// The newest change number and its time (0 and nil for an empty log).
        public var latest: Int
        public var latestTime: Int?
    }

    /// One row of the log.
    public struct Change: Sendable, Equatable {
        public var seq: Int
        public var type: ResourceType
        public var id: Int
        /// When it was recorded: a reader judges visibility no earlier than this, so an article
        /// published at the moment of its change is not read as hidden by a clock a second behind.
        public var time: Int
        /// Whether the resource was ever shown up to this change: only such an article, no longer
        /// shown, is named as deleted (a draft never shown stays unknown to apps).
        public var wasShown: Bool
    }

    /// Records a write to article `id` (created, edited, moved, deleted), remembers whether it is
    /// shown now, and whether it ever was: its earlier row says so, it was shown before this write
    /// (`shownBefore`, read by the writer before it wrote), or it is now.
    public static func recordArticle(_ id: Int, shownBefore: Bool, on connection: StoreConnection, now: Int) async throws {
        try await Self.lock(connection)
        let shownNow =
            try await connection.raw(
                """
                UPDATE news SET listed = (\(NewsFeedStore.visible("news", now: now))) WHERE id = \(bind: id) RETURNING listed
                """
            ).first()?.decode(column: "listed", as: Bool.self) ?? false
        try await Self.insert(.news, id, shown: shownBefore || shownNow, now: now, on: connection)
    }

    /// Records articles `ids`, rows written whole with IDs of their own (an import), as
    /// ``recordArticle(_:shownBefore:on:now:)`` records one, in four statements for them all.
    public static func recordArticles(_ ids: [Int], on connection: StoreConnection, now: Int) async throws {
        guard !ids.isEmpty else { return }
        try await Self.lock(connection)
        let listed = try await connection.raw(
            """
            UPDATE news SET listed = (\(NewsFeedStore.visible("news", now: now))) WHERE id IN (\(binds: ids)) RETURNING id, listed
            """
        ).all().map { (try $0.decode(column: "id", as: Int.self), try $0.decode(column: "listed", as: Bool.self)) }
        let shownBefore = Set(
            try await connection.raw(
                """
                DELETE FROM news_changes WHERE resource_type = \(bind: ResourceType.news.rawValue) AND resource_id IN (\(binds: ids))
                RETURNING resource_id, was_shown
                """
            ).all().filter { try $0.decode(column: "was_shown", as: Bool.self) }.map { try $0.decode(column: "resource_id", as: Int.self) })
        let rows = listed.sorted { $0.0 < $1.0 }.map { id, shown -> SQLQueryString in
            "(\(bind: ResourceType.news.rawValue), \(bind: id), \(bind: now), \(bind: shown || shownBefore.contains(id)))"
        }
        guard !rows.isEmpty else { return }
        try await connection.raw(
            "INSERT INTO news_changes (resource_type, resource_id, changed_at, was_shown) VALUES \(rows.joined(separator: ", "))"
        ).run()
        connection.markStale(.news)
    }

    /// Records the articles showing video `videoID` as changed (it became ready: their answers, feeds
    /// and pages now play it).
    public static func recordArticles(showingVideo videoID: Int, on connection: StoreConnection, now: Int) async throws {
        try await Self.recordArticles(try await NewsStore.articleIDs(showingVideo: videoID, on: connection), on: connection, now: now)
    }

    /// Records a write to category `id`.
    public static func recordCategory(_ id: Int, on connection: StoreConnection, now: Int) async throws {
        try await Self.lock(connection)
        try await Self.insert(.newsCategory, id, shown: true, now: now, on: connection)
    }

    /// Records the articles the clock made visible (their `add_date` passed) or invisible (they
    /// expired) since the last call, as of `now`; returns how many. Index-backed: only articles whose
    /// `add_date` or `expires_at` lies in the window are looked at (with a five-minute margin for
    /// instances whose clocks differ), and only those whose state differs from what the log said.
    @discardableResult
    public static func recordClockChanges(on connection: StoreConnection, now: Int) async throws -> Int {
        try await Self.lock(connection)
        let since =
            (try await connection.raw("SELECT reconciled_through FROM news_sync").first()?
                .decode(column: "reconciled_through", as: Int.self) ?? now) - 300
        let due = try await connection.raw(
            """
            SELECT id, listed FROM news WHERE add_date > \(bind: since) AND add_date <= \(bind: now)
                AND listed <> (\(NewsFeedStore.visible("news", now: now)))
            UNION
            SELECT id, listed FROM news WHERE expires_at > \(bind: since) AND expires_at <= \(bind: now)
                AND listed <> (\(NewsFeedStore.visible("news", now: now)))
            """
        ).all().map { (id: try $0.decode(column: "id", as: Int.self), listed: try $0.decode(column: "listed", as: Bool.self)) }
            .sorted { $0.id < $1.id }
        for article in due { try await Self.recordArticle(article.id, shownBefore: article.listed, on: connection, now: now) }
        try await connection.raw(
            """
            UPDATE news_sync SET reconciled_through = \(bind: now) WHERE reconciled_through < \(bind: now)
            """
        ).run()
        return due.count
    }

    /// The sync state now.
    public static func state(on connection: StoreConnection) async throws -> State {
        let row = try await connection.raw(
            """
            SELECT s.database_id, s.swept_through, l.seq, l.changed_at
            FROM news_sync s LEFT JOIN (SELECT seq, changed_at FROM news_changes ORDER BY seq DESC LIMIT 1) l ON 1 = 1
            """
        ).first()
        guard let row else { throw InsertedRowMissing(table: "news_sync") }
        let sweptThrough = try row.decode(column: "swept_through", as: Int.self)
        return State(
            databaseID: try row.decode(column: "database_id", as: String.self),
            sweptThrough: sweptThrough,
            latest: try row.decode(column: "seq", as: Int?.self) ?? sweptThrough,
            latestTime: try row.decode(column: "changed_at", as: Int?.self)
        )
    }

    /// Up to `limit` changes after `seq`, oldest first.
    public static func changes(after seq: Int, limit: Int, on connection: StoreConnection) async throws -> [Change] {
        try await connection.raw(
            """
            SELECT seq, resource_type, resource_id, changed_at, was_shown FROM news_changes WHERE seq > \(bind: seq) ORDER BY seq LIMIT \(bind: limit)
            """
        ).all().compactMap { row in
            guard let type = ResourceType(rawValue: try row.decode(column: "resource_type", as: String.self)) else { return nil }
            return Change(
                seq: try row.decode(column: "seq", as: Int.self), type: type, id: try row.decode(column: "resource_id", as: Int.self),
                time: try row.decode(column: "changed_at", as: Int.self), wasShown: try row.decode(column: "was_shown", as: Bool.self)
            )
        }
    }

    /// Replaces the resource's row by a new one, shown once if it is `shown` now or its old row says so.
    private static func insert(_ type: ResourceType, _ id: Int, shown: Bool, now: Int, on connection: StoreConnection) async throws {
        let shownBefore = try await connection.raw(
            """
            DELETE FROM news_changes WHERE resource_type = \(bind: type.rawValue) AND resource_id = \(bind: id) RETURNING was_shown
            """
        ).all().contains { try $0.decode(column: "was_shown", as: Bool.self) }
        try await connection.raw(
            """
            INSERT INTO news_changes (resource_type, resource_id, changed_at, was_shown)
            VALUES (\(bind: type.rawValue), \(bind: id), \(bind: now), \(bind: shown || shownBefore))
            """
        ).run()
        connection.markStale(.news)
    }

    private static func lock(_ connection: StoreConnection) async throws {
        guard connection.isPostgres else { return }
        try await connection.raw("SELECT pg_advisory_xact_lock(\(bind: Self.writeLockKey))").run()
    }
}

extension NewsChangeLog {
    /// The change log's part of the maintenance sweep: changes older than `seconds` (config
    /// `news_sync_retention_days`); tokens that old get a reset.
    public static func sweep(olderThan seconds: Int) -> MaintenanceSweep.Step {
        .changeLog("news_changes", sync: "news_sync", olderThan: seconds)
    }
}
