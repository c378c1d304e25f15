import SQLKit

/// What a Floki feed needs beyond a list: where the articles a client holds reach down to, the
/// articles it lacks or holds old copies of, and which of the IDs it holds are no longer shown.
///
/// A Floki client says only the lowest and highest IDs it holds (`l`, `h`), never when it fetched
/// them, so what it holds is judged from those IDs and from the change log.
extension NewsFeedStore {
    /// The oldest shown article of `categories` (nil: all) with an ID in `ids`: how far down the
    /// client's copy reaches.
    public static func oldestPosition(
        in categories: [Int]?, withGallery: Bool = false, ids: ClosedRange<Int>, now: Int, on connection: StoreConnection
    ) async throws -> Position? {
        let conditions =
            Self.listed(in: categories, withGallery: withGallery, now: now) + ["n.id >= \(bind: ids.lowerBound)", "n.id <= \(bind: ids.upperBound)"]
        return try await connection.raw(
            """
            SELECT n.add_date, n.id FROM news n WHERE \(conditions.joined(separator: " AND ")) ORDER BY n.add_date, n.id LIMIT 1
            """
        ).first().map { Position(addDate: try $0.decode(column: "add_date", as: Int.self), id: try $0.decode(column: "id", as: Int.self)) }
    }

    /// Up to `limit` shown articles of `categories` placed below `top` that a client holding IDs
    /// `ids` down to `floor` lacks or may hold an old copy of, newest first: those placed from `floor`
    /// up with an ID outside `ids` (published late, or created with an earlier date), and those with an
    /// ID in `ids` changed while the change log remembers (edited, moved in time or between categories).
    public static func articlesToResend(
        in categories: [Int]?, withGallery: Bool = false, ids: ClosedRange<Int>, from floor: Position, below top: Position, limit: Int, now: Int,
        on connection: StoreConnection
    ) async throws -> [PublishedArticle] {
        let conditions =
            Self.listed(in: categories, withGallery: withGallery, now: now) + [
                "(n.add_date, n.id) < (\(bind: top.addDate), \(bind: top.id))",
                """
                (((n.add_date, n.id) >= (\(bind: floor.addDate), \(bind: floor.id))
                    AND (n.id < \(bind: ids.lowerBound) OR n.id > \(bind: ids.upperBound)))
                 OR n.id IN (
                    SELECT ch.resource_id FROM news_changes ch WHERE ch.resource_type = 'news'
                        AND ch.resource_id >= \(bind: ids.lowerBound) AND ch.resource_id <= \(bind: ids.upperBound)))
                """,
            ]
        return try await connection.raw(
            """
            \(Self.articleSelect) WHERE \(conditions.joined(separator: " AND ")) ORDER BY n.add_date DESC, n.id DESC LIMIT \(bind: limit)
            """
        ).all().map(Self.publishedArticle)
    }

    /// Which of `ids` are shown articles of `categories` now (with a gallery, if `withGallery`).
    public static func shownIDs(
        _ ids: [Int], in categories: [Int]?, withGallery: Bool = false, now: Int, on connection: StoreConnection
    ) async throws -> Set<Int> {
        guard !ids.isEmpty else { return [] }
        let conditions = Self.listed(in: categories, withGallery: withGallery, now: now) + ["n.id IN (\(binds: ids))"]
        return Set(
            try await connection.raw("SELECT n.id FROM news n WHERE \(conditions.joined(separator: " AND "))").all().map {
                try $0.decode(column: "id", as: Int.self)
            })
    }
}
