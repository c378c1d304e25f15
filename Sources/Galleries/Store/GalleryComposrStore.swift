package import SQLKit
public import Storage

/// The gallery entries of the Composr site this one replaced, by Composr's kind (`image`, `video`)
/// and ID (`composr_gallery_entries`): written by the import, read by it again (a second run) and by
/// old links.
public enum GalleryComposrStore {
    /// Whether Composr's entry `kind` `composrID` was imported (its item may have been deleted since).
    public static func wasImported(_ kind: String, _ composrID: Int, on connection: StoreConnection) async throws -> Bool {
        try await connection.raw("SELECT 1 AS found FROM composr_gallery_entries WHERE kind = \(bind: kind) AND composr_id = \(bind: composrID)")
            .first() != nil
    }

    /// Records that Composr's entry `kind` `composrID` became item `itemID`.
    public static func keep(_ kind: String, _ composrID: Int, as itemID: Int, on connection: StoreConnection) async throws {
        try await connection.raw(
            "INSERT INTO composr_gallery_entries (kind, composr_id, item_id) VALUES (\(bind: kind), \(bind: composrID), \(bind: itemID))"
        ).run()
    }

    /// The name of the gallery holding what Composr's entry `kind` `composrID` became; nil when it was
    /// not imported or is gone.
    public static func galleryName(ofEntry kind: String, _ composrID: Int, on connection: StoreConnection) async throws -> String? {
        try await connection.raw(
            """
            SELECT g.name FROM composr_gallery_entries e JOIN gallery_items i ON i.id = e.item_id JOIN galleries g ON g.id = i.gallery_id
            WHERE e.kind = \(bind: kind) AND e.composr_id = \(bind: composrID)
            """
        ).first()?.decode(column: "name", as: String.self)
    }
}
