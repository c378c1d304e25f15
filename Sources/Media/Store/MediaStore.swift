public import NIOCore
package import SQLKit
public import Storage

/// Reads and writes `media` and `media_originals` (uploaded images) and `news_media` (which articles
/// show which images).
public enum MediaStore {
    /// Stores a new image and its original bytes on `connection`, with its moniker and GUID; returns it
    /// with its ID, or nil when an image with these bytes exists (stored meanwhile by another
    /// transaction: the insert waits for it on PostgreSQL, and then yields).
    public static func create(_ image: MediaRecord, bytes: ByteBuffer, on connection: StoreConnection) async throws -> MediaRecord? {
        let row = try await connection.raw(
            """
            INSERT INTO media (content_hash, name, media_type, width, height, has_alpha, byte_count, caption, credit, alt_text, added_by, added_at)
            VALUES (\(bind: image.contentHash), \(bind: image.name), \(bind: image.mediaType), \(bind: image.width), \(bind: image.height),
                \(bind: image.hasAlpha ? 1 : 0), \(bind: image.byteCount), \(bind: image.caption), \(bind: image.credit), \(bind: image.altText),
                \(bind: image.addedBy), \(bind: image.addedAt))
            ON CONFLICT (content_hash) DO NOTHING RETURNING id
            """
        ).first()
        guard let id = try row?.decode(column: "id", as: Int.self) else { return nil }
        try await connection.raw("INSERT INTO media_originals (media_id, bytes) VALUES (\(bind: id), \(bind: bytes))").run()
        try await ResourceIdentityStore.assign(.media, id: id, label: image.name, on: connection)
        var stored = image
        stored.id = id
        return stored
    }

    /// Every image, oldest first.
    public static func all(on connection: StoreConnection) async throws -> [MediaRecord] {
        try await connection.raw("SELECT \(unsafeRaw: Self.columns) FROM media ORDER BY id").all().map { try Self.record($0) }
    }

    /// A page of `limit` images from `offset`, newest first.
    public static func newest(_ limit: Int, offset: Int, on connection: StoreConnection) async throws -> [MediaRecord] {
        try await connection.raw("SELECT \(unsafeRaw: Self.columns) FROM media ORDER BY id DESC LIMIT \(bind: limit) OFFSET \(bind: offset)").all()
            .map { try Self.record($0) }
    }

    /// The image with this ID.
    public static func find(id: Int, on connection: StoreConnection) async throws -> MediaRecord? {
        try await connection.raw("SELECT \(unsafeRaw: Self.columns) FROM media WHERE id = \(bind: id)").first().map { try Self.record($0) }
    }

    /// The images with these IDs, by ID, in one query.
    public static func find(ids: Set<Int>, on connection: StoreConnection) async throws -> [Int: MediaRecord] {
        guard !ids.isEmpty else { return [:] }
        let records = try await connection.raw("SELECT \(unsafeRaw: Self.columns) FROM media WHERE id IN (\(binds: ids.sorted()))").all().map {
            try Self.record($0)
        }
        return Dictionary(uniqueKeysWithValues: records.map { ($0.id, $0) })
    }

    /// The image whose bytes hash to `contentHash`.
    public static func find(contentHash: String, on connection: StoreConnection) async throws -> MediaRecord? {
        try await connection.raw("SELECT \(unsafeRaw: Self.columns) FROM media WHERE content_hash = \(bind: contentHash)").first().map { try Self.record($0) }
    }

    /// The original bytes of image `id`.
    public static func original(id: Int, on connection: StoreConnection) async throws -> ByteBuffer? {
        try await connection.raw("SELECT bytes FROM media_originals WHERE media_id = \(bind: id)").first()?.decode(column: "bytes", as: ByteBuffer.self)
    }

    /// Changes what administrators say about image `id`.
    public static func update(id: Int, _ changes: MediaChanges, on connection: StoreConnection) async throws {
        var assignments = ColumnAssignments()
        assignments.set("caption", changes.caption)
        assignments.set("credit", changes.credit)
        assignments.set("alt_text", changes.altText)
        guard !assignments.isEmpty else { return }
        try await connection.raw("UPDATE media SET \(assignments.sql) WHERE id = \(bind: id)").run()
    }

    /// Deletes image `id`, its bytes and its identity. The caller has checked that no article shows it
    /// (``articlesShowing(mediaID:on:)``); the foreign key refuses it otherwise.
    public static func delete(id: Int, on connection: StoreConnection) async throws {
        let deleted = try await connection.raw("DELETE FROM media WHERE id = \(bind: id) RETURNING content_hash").first()
        if let hash = try deleted?.decode(column: "content_hash", as: String.self) { connection.markStale(.media(hash)) }
        try await ResourceIdentityStore.remove(.media, id: id, on: connection)
    }

    /// The titles of the articles that show image `mediaID`, by ID.
    public static func articlesShowing(mediaID: Int, on connection: StoreConnection) async throws -> [String] {
        try await connection.raw(
            """
            SELECT n.title FROM news_media nm JOIN news n ON n.id = nm.news_id WHERE nm.media_id = \(bind: mediaID) ORDER BY n.id
            """
        ).all().map { try $0.decode(column: "title", as: String.self) }
    }

    /// Records that article `newsID` shows exactly the images `mediaIDs` (`replacing`: those it showed
    /// before; false for an article that showed none).
    public static func setImages(ofArticle newsID: Int, to mediaIDs: Set<Int>, replacing: Bool, on connection: StoreConnection) async throws {
        if replacing { try await connection.raw("DELETE FROM news_media WHERE news_id = \(bind: newsID)").run() }
        for mediaID in mediaIDs.sorted() {
            try await connection.raw("INSERT INTO news_media (news_id, media_id) VALUES (\(bind: newsID), \(bind: mediaID))").run()
        }
    }

    /// The names of the images article `newsID` shows (its own, its gallery's, its body's) that have
    /// no alternative text yet.
    public static func undescribedImages(ofArticle newsID: Int, on connection: StoreConnection) async throws -> [String] {
        try await connection.raw(
            """
            SELECT m.name FROM news_media nm JOIN media m ON m.id = nm.media_id
            WHERE nm.news_id = \(bind: newsID) AND m.alt_text = '' ORDER BY m.id
            """
        ).all().map { try $0.decode(column: "name", as: String.self) }
    }

    /// The alternative texts of the images among `contentHashes` that have one, by content hash.
    public static func altTexts(contentHashes: Set<String>, on connection: StoreConnection) async throws -> [String: String] {
        guard !contentHashes.isEmpty else { return [:] }
        var texts: [String: String] = [:]
        for row in try await connection.raw(
            "SELECT content_hash, alt_text FROM media WHERE content_hash IN (\(binds: contentHashes.sorted())) AND alt_text <> ''"
        ).all() {
            texts[try row.decode(column: "content_hash", as: String.self)] = try row.decode(column: "alt_text", as: String.self)
        }
        return texts
    }

    /// The content hashes of every stored image (what the maintenance sweep keeps in the caches).
    public static func contentHashes(on connection: StoreConnection) async throws -> Set<String> {
        Set(try await connection.raw("SELECT content_hash FROM media").all().map { try $0.decode(column: "content_hash", as: String.self) })
    }

    /// Images stored and their originals' bytes in all (a metric).
    public static func totals(on connection: StoreConnection) async throws -> (images: Int, bytes: Int) {
        let row = try await connection.raw("SELECT COUNT(*) AS images, CAST(COALESCE(SUM(byte_count), 0) AS BIGINT) AS bytes FROM media").first()
        return (try row?.decode(column: "images", as: Int.self) ?? 0, try row?.decode(column: "bytes", as: Int.self) ?? 0)
    }

    private static let columns = Self.columnNames.joined(separator: ", ")

    package static let columnNames = [
        "id", "content_hash", "name", "media_type", "width", "height", "has_alpha", "byte_count", "caption", "credit", "alt_text", "added_by",
        "added_at",
    ]

    package static func record(_ row: any SQLRow, prefix: String = "") throws -> MediaRecord {
        MediaRecord(
            id: try row.decode(column: prefix + "id", as: Int.self),
            contentHash: try row.decode(column: prefix + "content_hash", as: String.self),
            name: try row.decode(column: prefix + "name", as: String.self),
            mediaType: try row.decode(column: prefix + "media_type", as: String.self),
            width: try row.decode(column: prefix + "width", as: Int.self),
            height: try row.decode(column: prefix + "height", as: Int.self),
            hasAlpha: try row.decode(column: prefix + "has_alpha", as: Int.self) != 0,
            byteCount: try row.decode(column: prefix + "byte_count", as: Int.self),
            caption: try row.decode(column: prefix + "caption", as: String.self),
            credit: try row.decode(column: prefix + "credit", as: String.self),
            altText: try row.decode(column: prefix + "alt_text", as: String.self),
            addedBy: try row.decode(column: prefix + "added_by", as: Int?.self),
            addedAt: try row.decode(column: prefix + "added_at", as: Int.self)
        )
    }
}
