package import SQLKit
public import Storage

/// What a Floki feed needs beyond a list: where the articles a client holds reach down to, the
/// articles it lacks or holds old copies of, and which of the IDs it holds are no longer shown.
///
/// A Floki client says only the lowest and highest IDs it holds (`l`, `h`), never when it fetched
/// them, so what it holds is judged from those IDs and from the change log.
extension NewsFeedStore {
    /// The oldest shown article of `categories` (nil: all) with an ID in `ids`: how far down the
    /// client's copy reaches.
    ///
    /// Walked the cheaper way: by key through the IDs when they are few (a client holding the newest),
    /// else along `news_listing` from the oldest (a client that paged back, whose lowest ID is old).
    /// The unary `+` tells SQLite's planner which: left to itself it walked the listing past every
    /// article older than a client's 50, or sorted all 100,000 IDs of one that holds them all.
    public static func oldestPosition(
        in categories: [Int]?, withGallery: Bool = false, ids: ClosedRange<Int>, now: Int, on connection: StoreConnection
    ) async throws -> Position? {
        try await connection.raw(Self.oldestPositionQuery(in: categories, withGallery: withGallery, ids: ids, now: now)).first().map {
            Position(addDate: try $0.decode(column: "add_date", as: Int.self), id: try $0.decode(column: "id", as: Int.self))
        }
    }

    /// The statement of ``oldestPosition(in:withGallery:ids:now:on:)`` (tests read its plan).
    package static func oldestPositionQuery(in categories: [Int]?, withGallery: Bool, ids: ClosedRange<Int>, now: Int) -> SQLQueryString {
        let byKey = ids.count <= Self.keyWalkLimit
        let id: SQLQueryString = byKey ? "n.id" : "+n.id"
        let conditions =
            Self.listed(in: categories, withGallery: withGallery, now: now) + ["\(id) >= \(bind: ids.lowerBound)", "\(id) <= \(bind: ids.upperBound)"]
        let order: SQLQueryString = byKey ? "+n.add_date, +n.id" : "n.add_date, n.id"
        return "SELECT n.add_date, n.id FROM news n WHERE \(conditions.joined(separator: " AND ")) ORDER BY \(order) LIMIT 1"
    }

    /// Whether a shown article of `categories` is placed below `position`.
    public static func hasArticles(
        in categories: [Int]?, withGallery: Bool = false, below position: Position, now: Int, on connection: StoreConnection
    ) async throws -> Bool {
        try await connection.raw(Self.hasArticlesQuery(in: categories, withGallery: withGallery, below: position, now: now)).first() != nil
    }

    /// The statement of ``hasArticles(in:withGallery:below:now:on:)`` (tests read its plan). Without the
    /// joins of an article list: with them and a limit of 1, SQLite walked every category's articles
    /// and sorted them.
    package static func hasArticlesQuery(in categories: [Int]?, withGallery: Bool, below position: Position, now: Int) -> SQLQueryString {
        let conditions =
            Self.listed(in: categories, withGallery: withGallery, now: now) + ["(n.add_date, n.id) < (\(bind: position.addDate), \(bind: position.id))"]
        return "SELECT n.id FROM news n WHERE \(conditions.joined(separator: " AND ")) ORDER BY n.add_date DESC, n.id DESC LIMIT 1"
    }

    /// Up to how many IDs a lookup walks by key rather than along the listing.
    static let keyWalkLimit = 10_000

    /// Up to `limit` shown articles of `categories` placed below `top` that a client holding IDs
    /// `ids` down to `floor` lacks or may hold an old copy of, newest first: those placed from `floor`
    /// up with an ID outside `ids` (published late, or created with an earlier date), and the latest
    /// `limit` with an ID in `ids` that the change log remembers (edited, moved in time or between
    /// categories).
    ///
    /// Two statements, each served by an index: the articles placed in the span with an ID outside
    /// `ids`, walking `news_listing` down from `top` (nothing to read when the client holds only the
    /// newest: the span is empty), and the remembered IDs, looked up by key. One statement with `OR`
    /// between the two was planned as a walk of the whole listing and a sort.
    public static func articlesToResend(
        in categories: [Int]?, withGallery: Bool = false, ids: ClosedRange<Int>, from floor: Position, below top: Position, limit: Int, now: Int,
        on connection: StoreConnection
    ) async throws -> [PublishedArticle] {
        let listed = Self.listed(in: categories, withGallery: withGallery, now: now)
        let below: SQLQueryString = "(n.add_date, n.id) < (\(bind: top.addDate), \(bind: top.id))"
        var placed: [PublishedArticle] = []
        if floor < top {
            placed = try await Self.published(
                Self.placedOutsideQuery(in: categories, withGallery: withGallery, ids: ids, from: floor, below: top, limit: limit, now: now),
                on: connection)
        }
        let remembered = try await connection.raw(
            """
            SELECT resource_id FROM news_changes WHERE resource_type = 'news'
                AND resource_id >= \(bind: ids.lowerBound) AND resource_id <= \(bind: ids.upperBound)
            ORDER BY resource_id DESC LIMIT \(bind: limit)
            """
        ).all().map { try $0.decode(column: "resource_id", as: Int.self) }
        let changed =
            remembered.isEmpty
            ? []
            : try await Self.published(
                "\(Self.articleSelect) WHERE \((listed + [below, "n.id IN (\(binds: remembered))"]).joined(separator: " AND "))", on: connection)
        var seen = Set<Int>()
        return (placed + changed).filter { seen.insert($0.article.id).inserted }
            .sorted { Position(addDate: $0.article.addDate, id: $0.article.id) > Position(addDate: $1.article.addDate, id: $1.article.id) }
            .prefix(limit).map(\.self)
    }

    /// The first statement of ``articlesToResend(in:withGallery:ids:from:below:limit:now:on:)`` (tests
    /// read its plan).
    package static func placedOutsideQuery(
        in categories: [Int]?, withGallery: Bool, ids: ClosedRange<Int>, from floor: Position, below top: Position, limit: Int, now: Int
    ) -> SQLQueryString {
        let conditions =
            Self.listed(in: categories, withGallery: withGallery, now: now) + [
                "(n.add_date, n.id) < (\(bind: top.addDate), \(bind: top.id))", "(n.add_date, n.id) >= (\(bind: floor.addDate), \(bind: floor.id))",
                "(n.id < \(bind: ids.lowerBound) OR n.id > \(bind: ids.upperBound))",
            ]
        return """
            \(Self.articleSelect) WHERE \(conditions.joined(separator: " AND ")) ORDER BY n.add_date DESC, n.id DESC LIMIT \(bind: limit)
            """
    }

    /// Up to `limit` articles with IDs in `ids`, highest first, that were shown once and changed while
    /// the change log remembers, and that a list of `categories` (with a gallery, if `withGallery`)
    /// shows now (`shown`) or no longer shows (deleted, hidden, expired, moved elsewhere): Floki's
    /// `to_delete` candidates. The limit counts only the kind asked for, so a client holding thousands
    /// of IDs still learns of every article gone among them.
    public static func changedArticles(
        in categories: [Int]?, withGallery: Bool = false, ids: ClosedRange<Int>, shown: Bool, limit: Int, now: Int, on connection: StoreConnection
    ) async throws -> [Int] {
        try await connection.raw(
            Self.changedArticlesQuery(in: categories, withGallery: withGallery, ids: ids, shown: shown, limit: limit, now: now)
        ).all().map { try $0.decode(column: "resource_id", as: Int.self) }
    }

    /// The statement of ``changedArticles(in:withGallery:ids:shown:limit:now:on:)`` (tests read its plan).
    package static func changedArticlesQuery(
        in categories: [Int]?, withGallery: Bool, ids: ClosedRange<Int>, shown: Bool, limit: Int, now: Int
    ) -> SQLQueryString {
        // The range again inside: PostgreSQL then reads only those keys of `news`, not all of them.
        let listed =
            Self.listed(in: categories, withGallery: withGallery, now: now) + [
                "n.id = ch.resource_id", "n.id >= \(bind: ids.lowerBound)", "n.id <= \(bind: ids.upperBound)",
            ]
        return """
            SELECT ch.resource_id FROM news_changes ch WHERE ch.resource_type = 'news' AND ch.was_shown = \(bind: true)
                AND ch.resource_id >= \(bind: ids.lowerBound) AND ch.resource_id <= \(bind: ids.upperBound)
                AND \(unsafeRaw: shown ? "" : "NOT ")EXISTS (SELECT 1 FROM news n WHERE \(listed.joined(separator: " AND ")))
            ORDER BY ch.resource_id DESC LIMIT \(bind: limit)
            """
    }
}
