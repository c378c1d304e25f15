public import Media
package import SQLKit
public import Storage

/// The galleries' items. A gallery's items are read in order along `gallery_items_order`
/// (`gallery_id, position, id`) from where the last page ended, so a page costs its length however
/// many items the gallery holds.
public enum GalleryItemStore {
    /// Where a page of items ended: the last item's position and ID.
    public struct Position: Sendable, Equatable {
        public var position: Int
        public var id: Int

        public init(position: Int, id: Int) {
            self.position = position
            self.id = id
        }
    }

    /// Up to `limit` validated items of gallery `galleryID` after `position`, in order, with what they
    /// show (readers see no other).
    public static func validatedItems(ofGallery galleryID: Int, after position: Position?, limit: Int, on connection: StoreConnection) async throws
        -> [ShownGalleryItem]
    {
        var conditions: [SQLQueryString] = ["i.gallery_id = \(bind: galleryID)", "i.validated = 1"]
        if let position { conditions.append("(i.position, i.id) > (\(bind: position.position), \(bind: position.id))") }
        return try await Self.shown(where: conditions, limit: limit, on: connection)
    }

    /// Those of items `ids` that are validated, with what they show, in their galleries' order.
    public static func validatedItems(ids: [Int], on connection: StoreConnection) async throws -> [ShownGalleryItem] {
        guard !ids.isEmpty else { return [] }
        return try await Self.shown(where: ["i.id IN (\(binds: ids))", "i.validated = 1"], limit: ids.count, on: connection)
    }

    /// Every item of gallery `galleryID` in order, validated or not, with what it shows (the console's).
    public static func shownItems(ofGallery galleryID: Int, on connection: StoreConnection) async throws -> [ShownGalleryItem] {
        try await Self.shown(where: ["i.gallery_id = \(bind: galleryID)"], limit: Int(Int32.max), on: connection)
    }

    private static func shown(where conditions: [SQLQueryString], limit: Int, on connection: StoreConnection) async throws -> [ShownGalleryItem] {
        try await connection.raw(
            """
            SELECT \(unsafeRaw: Self.columns("i")), \(unsafeRaw: Self.shownColumns) FROM gallery_items i
            LEFT JOIN media m ON m.id = i.media_id \(unsafeRaw: VideoStore.shownJoin(on: "i.video_id"))
            WHERE \(conditions.joined(separator: " AND ")) ORDER BY i.position, i.id LIMIT \(bind: limit)
            """
        ).all().map(Self.shown)
    }

    /// Which of `ids` are validated items of gallery `galleryID`.
    public static func validatedIDs(among ids: [Int], ofGallery galleryID: Int, on connection: StoreConnection) async throws -> Set<Int> {
        guard !ids.isEmpty else { return [] }
        return Set(
            try await connection.raw(
                "SELECT id FROM gallery_items WHERE gallery_id = \(bind: galleryID) AND validated = 1 AND id IN (\(binds: ids))"
            ).all().map { try $0.decode(column: "id", as: Int.self) })
    }

    /// The item `id` of gallery `galleryID`.
    public static func item(_ id: Int, ofGallery galleryID: Int, on connection: StoreConnection) async throws -> GalleryItem? {
        try await connection.raw("SELECT \(unsafeRaw: Self.columns("i")) FROM gallery_items i WHERE i.id = \(bind: id) AND i.gallery_id = \(bind: galleryID)")
            .first().map(Self.item)
    }

    /// How many items, validated or not, each gallery holds, by gallery ID (none for an empty one).
    public static func counts(on connection: StoreConnection) async throws -> [Int: Int] {
        var counts: [Int: Int] = [:]
        for row in try await connection.raw("SELECT gallery_id, COUNT(*) AS items FROM gallery_items GROUP BY gallery_id").all() {
            counts[try row.decode(column: "gallery_id", as: Int.self)] = try row.decode(column: "items", as: Int.self)
        }
        return counts
    }

    /// Numbers gallery `galleryID`'s items `ids` 1, 2, 3… in that order.
    static func setOrder(_ ids: [Int], ofGallery galleryID: Int, on connection: StoreConnection) async throws {
        for (index, id) in ids.enumerated() {
            try await connection.raw("UPDATE gallery_items SET position = \(bind: index + 1) WHERE id = \(bind: id) AND gallery_id = \(bind: galleryID)").run()
        }
    }

    /// Adds `item` (its ID and position aside) after the gallery's last item and answers its ID.
    static func add(_ item: GalleryItem, on connection: StoreConnection) async throws -> Int {
        let (mediaID, videoID) = Self.ids(item.content)
        let row = try await connection.raw(
            """
            INSERT INTO gallery_items (gallery_id, position, media_id, video_id, caption, credit, validated, submitter_id, add_date)
            SELECT \(bind: item.galleryID), COALESCE(MAX(position), 0) + 1, \(bind: mediaID), \(bind: videoID), \(bind: item.caption),
            \(bind: item.credit), \(bind: item.validated ? 1 : 0), \(bind: item.submitterID), \(bind: item.addDate)
            FROM gallery_items WHERE gallery_id = \(bind: item.galleryID) RETURNING id
            """
        ).first()
        guard let id = try row?.decode(column: "id", as: Int.self) else { throw InsertedRowMissing(table: "gallery_items") }
        return id
    }

    /// Writes `item`'s caption, credit and validation over the stored one's.
    static func update(_ item: GalleryItem, on connection: StoreConnection) async throws {
        try await connection.raw(
            """
            UPDATE gallery_items SET caption = \(bind: item.caption), credit = \(bind: item.credit), validated = \(bind: item.validated ? 1 : 0)
            WHERE id = \(bind: item.id)
            """
        ).run()
    }

    /// Removes item `id`.
    static func delete(_ id: Int, on connection: StoreConnection) async throws {
        try await connection.raw("DELETE FROM gallery_items WHERE id = \(bind: id)").run()
    }

    /// The position of the item at `index` (from 0) in gallery `galleryID`'s order, or nil past its end.
    static func position(at index: Int, ofGallery galleryID: Int, on connection: StoreConnection) async throws -> Int? {
        try await connection.raw(
            "SELECT position FROM gallery_items WHERE gallery_id = \(bind: galleryID) ORDER BY position, id LIMIT 1 OFFSET \(bind: index)"
        ).first()?.decode(column: "position", as: Int.self)
    }

    /// The position of gallery `galleryID`'s last item, or nil when it has none.
    static func lastPosition(ofGallery galleryID: Int, on connection: StoreConnection) async throws -> Int? {
        try await connection.raw("SELECT MAX(position) AS last FROM gallery_items WHERE gallery_id = \(bind: galleryID)").first()?
            .decode(column: "last", as: Int?.self)
    }

    /// Puts `item` at `target`'s position, the items between moving one place towards where it was.
    static func move(_ item: GalleryItem, to target: Int, on connection: StoreConnection) async throws {
        guard target != item.position else { return }
        let shift: SQLQueryString =
            target < item.position
            ? "position = position + 1 WHERE position >= \(bind: target) AND position < \(bind: item.position)"
            : "position = position - 1 WHERE position > \(bind: item.position) AND position <= \(bind: target)"
        try await connection.raw("UPDATE gallery_items SET \(shift) AND gallery_id = \(bind: item.galleryID)").run()
        try await connection.raw("UPDATE gallery_items SET position = \(bind: target) WHERE id = \(bind: item.id)").run()
    }

    /// Every item of gallery `galleryID` in order, validated or not (commandr_fs lists them all).
    public static func all(ofGallery galleryID: Int, on connection: StoreConnection) async throws -> [GalleryItem] {
        try await connection.raw(
            "SELECT \(unsafeRaw: Self.columns("i")) FROM gallery_items i WHERE i.gallery_id = \(bind: galleryID) ORDER BY i.position, i.id"
        )
        .all().map(Self.item)
    }

    private static func ids(_ content: GalleryItem.Content) -> (media: Int?, video: Int?) {
        switch content {
        case .image(let id): (id, nil)
        case .video(let id): (nil, id)
        }
    }

    private static func columns(_ table: String) -> String {
        ["id", "gallery_id", "position", "media_id", "video_id", "caption", "credit", "validated", "submitter_id", "add_date"]
            .map { "\(table).\($0) AS i_\($0)" }.joined(separator: ", ")
    }

    private static let shownColumns = MediaStore.columnNames.map { "m.\($0) AS m_\($0)" }.joined(separator: ", ") + ", " + VideoStore.shownColumns

    private static func item(_ row: any SQLRow) throws -> GalleryItem {
        let content: GalleryItem.Content
        if let mediaID = try row.decode(column: "i_media_id", as: Int?.self) {
            content = .image(mediaID)
        } else {
            content = .video(try row.decode(column: "i_video_id", as: Int.self))
        }
        return GalleryItem(
            id: try row.decode(column: "i_id", as: Int.self), galleryID: try row.decode(column: "i_gallery_id", as: Int.self),
            position: try row.decode(column: "i_position", as: Int.self), content: content, caption: try row.decode(column: "i_caption", as: String.self),
            credit: try row.decode(column: "i_credit", as: String.self), validated: try row.decode(column: "i_validated", as: Int.self) != 0,
            submitterID: try row.decode(column: "i_submitter_id", as: Int?.self), addDate: try row.decode(column: "i_add_date", as: Int.self))
    }

    private static func shown(_ row: any SQLRow) throws -> ShownGalleryItem {
        let item = try Self.item(row)
        switch item.content {
        case .image: return ShownGalleryItem(item: item, shown: .image(try MediaStore.record(row, prefix: "m_")))
        case .video:
            guard let video = try VideoStore.shown(row) else { throw InsertedRowMissing(table: "videos") }
            return ShownGalleryItem(item: item, shown: .video(video))
        }
    }
}

/// A gallery item with what it shows, as readers get it.
public struct ShownGalleryItem: Sendable, Equatable {
    public enum Shown: Sendable, Equatable {
        case image(MediaRecord)
        case video(ShownVideo)
    }

    public var item: GalleryItem
    public var shown: Shown
}

extension ShownGalleryItem {
    /// The library image standing for it: an image's own, a ready video's poster.
    public var picture: MediaRecord? {
        switch self.shown {
        case .image(let record): record
        case .video(let video): video.poster
        }
    }
}
