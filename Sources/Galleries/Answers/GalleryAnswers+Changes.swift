public import EndpointCore
public import Messages
public import Storage

extension GalleryAnswers {
    /// The most changes one answer of changes reads from the log.
    static let changesPerAnswer = 200

    /// What changed after the token `since` (`id=changes`): `galleries` written since, as they are now
    /// (with `parent`), validated `items` written since (with `gallery`, and `position`: a gallery's
    /// items are in the order of their positions, then IDs), and `deleted` — galleries gone (or known
    /// by a name they no longer have) and items gone or hidden, each with the gallery it left. A client drops what `deleted` names first, then takes the rest; a gallery it did not hold
    /// (new, or renamed) it reads whole (`galleries/<name>`). `has_more` says to ask again at once with
    /// the new `sync`. A missing token, one from another database, one older than the retention or
    /// newer than the log answers `reset: true` with a fresh token: read the tree again.
    public func changes(since: String?, for reader: Reader, on connection: StoreConnection) async throws -> JSONValue {
        var token: GallerySyncToken?
        if let since, !since.isEmpty {
            guard let read = GallerySyncToken(token: since) else { throw Refusal.malformed(.galleryBadSyncToken) }
            token = read
        }
        let state = try await GalleryChangeLog.state(on: connection)
        guard let token, token.databaseID == state.databaseID, (state.sweptThrough...state.latest).contains(token.seq) else {
            return Self.changes(galleries: [], items: [], deleted: [], sync: Self.sync(state, state.latest), hasMore: false, reset: true)
        }
        let rows = try await GalleryChangeLog.changes(after: token.seq, limit: Self.changesPerAnswer + 1, on: connection)
        let taken = rows.prefix(Self.changesPerAnswer)
        let all = try await GalleryStore.all(on: connection)
        let byID = Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0) })
        var deleted: [JSONValue] = []
        var galleries: [Gallery] = []
        for row in taken where row.subject == .gallery {
            if let gallery = byID[row.id], gallery.name == row.galleryName {
                galleries.append(gallery)
            } else {
                deleted.append(["type": "gallery", "name": .string(row.galleryName)])
            }
        }
        let itemRows = taken.filter { $0.subject == .item }
        let shown = try await GalleryItemStore.validatedItems(ids: itemRows.map(\.id), on: connection)
        let shownIDs = Set(shown.map(\.item.id))
        for row in itemRows where !shownIDs.contains(row.id) {
            deleted.append(["type": "item", "id": .int(row.id), "gallery": .string(row.galleryName)])
        }
        let summaries = try await self.summaries(of: galleries, for: reader, on: connection)
        let parentName = { (gallery: Gallery) -> JSONValue in gallery.parentID.flatMap { byID[$0] }.map { .string($0.name) } ?? .null }
        return Self.changes(
            galleries: galleries.map { .object(summaries($0) + [("parent", parentName($0))]) },
            items: shown.map { shown in
                guard case .object(let fields) = self.item(shown, for: reader) else { return .null }
                return .object(fields + [("gallery", byID[shown.item.galleryID].map { .string($0.name) } ?? .null), ("position", .int(shown.item.position))])
            },
            deleted: deleted, sync: Self.sync(state, taken.last?.seq ?? token.seq), hasMore: rows.count > Self.changesPerAnswer, reset: false)
    }

    /// The token of `seq` in the log `state` describes.
    static func sync(_ state: GalleryChangeLog.State, _ seq: Int) -> String {
        GallerySyncToken(databaseID: state.databaseID, seq: seq).token
    }

    private static func changes(galleries: [JSONValue], items: [JSONValue], deleted: [JSONValue], sync: String, hasMore: Bool, reset: Bool)
        -> JSONValue
    {
        [
            "galleries": .array(galleries), "items": .array(items), "deleted": .array(deleted), "sync": .string(sync), "has_more": .bool(hasMore),
            "reset": .bool(reset),
        ]
    }
}
