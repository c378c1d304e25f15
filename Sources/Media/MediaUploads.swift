import NIOCore
public import Storage

/// The upload rules every caller shares (the `/var/media` filesystem, `endpoint media add`):
/// checking an upload on the workshop's threads against the live limits, storing it once per
/// content, and deleting only what no article shows.
public struct MediaUploads: Sendable {
    private let database: Database
    private let config: ConfigStore
    private let workshop: MediaWorkshop
    private let clock: SiteClock

    public init(database: Database, config: ConfigStore, workshop: MediaWorkshop, clock: SiteClock = .system) {
        self.database = database
        self.config = config
        self.workshop = workshop
        self.clock = clock
    }

    /// The most bytes an upload may have now (`media_max_bytes`): a reader of files need read no more.
    public func maximumBytes() async throws -> Int {
        try await self.config.options().integer(.mediaMaxBytes)
    }

    /// Checks an upload (``InspectedImage/inspect(_:maximumBytes:maximumPixels:)``) against the live
    /// limits, on the workshop's threads.
    public func inspect(_ bytes: [UInt8]) async throws -> InspectedImage {
        let options = try await self.config.options()
        let maximumBytes = options.integer(.mediaMaxBytes)
        // Refused before it takes a workshop thread.
        guard bytes.count <= maximumBytes else { throw MediaFailure.tooLarge(bytes: bytes.count, maximum: maximumBytes) }
        let maximumPixels = options.integer(.mediaMaxPixels)
        return try await self.workshop.run { try InspectedImage.inspect(bytes, maximumBytes: maximumBytes, maximumPixels: maximumPixels) }
    }

    /// Stores `image` as `name` on `connection` (inside the caller's transaction), or finds the image
    /// that already has these bytes, stored before or by an upload of the same bytes at the same
    /// moment; `created` tells which.
    public func store(
        _ image: InspectedImage, name: String, properties: MediaChanges, addedBy: Int?, on connection: StoreConnection
    ) async throws -> (image: MediaRecord, created: Bool) {
        if let existing = try await MediaStore.find(contentHash: image.contentHash, on: connection) { return (existing, false) }
        let record = MediaRecord(
            id: 0, contentHash: image.contentHash, name: name, mediaType: image.format.rawValue, width: image.width, height: image.height,
            hasAlpha: image.hasAlpha, byteCount: image.bytes.count, caption: properties.caption ?? "", credit: properties.credit ?? "",
            altText: properties.altText ?? "", addedBy: addedBy, addedAt: self.clock.now
        )
        if let created = try await MediaStore.create(record, bytes: ByteBuffer(bytes: image.bytes), on: connection) { return (created, true) }
        guard let stored = try await MediaStore.find(contentHash: image.contentHash, on: connection) else { throw InsertedRowMissing(table: "media") }
        return (stored, false)
    }

    /// Checks and stores `bytes` as `name` in a transaction of its own (the command line's upload).
    public func add(_ bytes: [UInt8], name: String, properties: MediaChanges, addedBy: Int?) async throws -> (image: MediaRecord, created: Bool) {
        let inspected = try await self.inspect(bytes)
        return try await self.database.transaction { connection in
            try await self.store(inspected, name: name, properties: properties, addedBy: addedBy, on: connection)
        }
    }

    /// Deletes image `image` on `connection`, unless an article shows it.
    public func delete(_ image: MediaRecord, on connection: StoreConnection) async throws {
        if let article = try await MediaStore.articlesShowing(mediaID: image.id, on: connection).first { throw MediaFailure.inUse(article: article) }
        try await MediaStore.delete(id: image.id, on: connection)
    }
}
