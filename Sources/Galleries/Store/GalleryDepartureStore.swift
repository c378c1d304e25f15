package import SQLKit
public import Storage

/// What left each gallery (`gallery_departures`, written by the database's own triggers whatever the
/// path: an item removed, hidden or taken with its library file; a gallery moved or deleted), so an
/// app holding something a gallery no longer shows can be told to drop it.
public enum GalleryDepartureStore {
    /// What left: one of the gallery's items, or a gallery that was inside it.
    public enum Subject: String, Sendable {
        case item, gallery
    }

    /// The IDs in `range` of the `subject`s that ever left gallery `galleryID`, highest first, at most
    /// `limit` (one that came back is among them: the caller tells it from what the gallery shows).
    public static func departed(_ subject: Subject, from galleryID: Int, in range: ClosedRange<Int>, limit: Int, on connection: StoreConnection)
        async throws -> [Int]
    {
        try await connection.raw(
            """
            SELECT DISTINCT subject_id FROM gallery_departures WHERE gallery_id = \(bind: galleryID) AND subject = \(bind: subject.rawValue)
            AND subject_id BETWEEN \(bind: range.lowerBound) AND \(bind: range.upperBound) ORDER BY subject_id DESC LIMIT \(bind: limit)
            """
        ).all().map { try $0.decode(column: "subject_id", as: Int.self) }
    }
}
