import NIOConcurrencyHelpers
public import NIOCore
public import Storage

/// The versions of uploaded images as the image route serves them: from this instance's cache, or
/// made once however many ask at once, from the original in the database.
public final class MediaVersions: Sendable {
    /// A version as served: its bytes (a cached file read as it is sent, or the bytes just made,
    /// shared by every request that waited for them), their format and the strong `ETag` naming them.
    public struct Served: Sendable {
        public enum Bytes: Sendable {
            case file(CachedFile)
            case made(ByteBuffer)
        }

        public let bytes: Bytes
        public let format: MediaFormat
        public let entityTag: String

        /// How many bytes the version has.
        public var size: Int {
            switch self.bytes {
            case .file(let file): file.size
            case .made(let bytes): bytes.readableBytes
            }
        }
    }

    /// What serving needs to know of an image, kept in memory per content hash (it never changes
    /// while the image exists).
    private struct Summary {
        var id: Int
        var format: MediaFormat
        var width: Int
        var height: Int
        var hasAlpha: Bool
    }

    private let database: Database
    public let cache: MediaCache
    public let workshop: MediaWorkshop
    private let summaries = NIOLockedValueBox<[String: Summary]>([:])
    /// Images whose summary is kept at most; past it the memory starts over.
    private static let maximumSummaries = 10_000

    public init(database: Database, cache: MediaCache, workshop: MediaWorkshop) {
        self.database = database
        self.cache = cache
        self.workshop = workshop
    }

    /// Forgets an image deleted here or elsewhere: its summary and its cached versions.
    public func forget(contentHash: String) {
        _ = self.summaries.withLockedValue { $0.removeValue(forKey: contentHash) }
        self.cache.remove(contentHash: contentHash)
    }

    /// Removes the cached versions of images no longer stored (deleted while this instance was not
    /// told: stopped, or its announcements missed); returns how many files went.
    public func sweepCache() async throws -> Int {
        let stored = try await self.database.withConnection { try await MediaStore.contentHashes(on: $0) }
        return self.cache.sweep(keeping: stored)
    }

    /// Forgets every summary (announcements may have been missed): each image is looked up again
    /// before its next version is served.
    public func forgetSummaries() {
        self.summaries.withLockedValue { $0.removeAll() }
    }

    // MARK: Serving

    /// `version` of the image with `contentHash`, in the format `accept` allows; nil when there is no
    /// such image. From this instance's cache, or made once however many ask at once.
    public func serve(contentHash: String, version: MediaVersion, accept: String?) async throws -> Served? {
        guard let plan = try await self.plan(contentHash: contentHash, version: version, accept: accept) else { return nil }
        if let file = self.cache.open(plan.name) { return Served(bytes: .file(file), format: plan.format, entityTag: plan.entityTag) }
        let made = try await self.workshop.make(plan.name) {
            let original = try await self.database.withConnection { try await MediaStore.original(id: plan.summary.id, on: $0) }
            guard let original else { throw MediaFailure.noSuchImage(contentHash) }
            let source = Array(original.readableBytesView)
            let box = version.box(width: plan.summary.width, height: plan.summary.height)
            let bytes = try await self.workshop.run(large: plan.pixels > MediaWorkshop.largePixels) {
                guard let made = MediaCodec.make(source, width: box.width, height: box.height, crop: box.crop, as: plan.format) else {
                    throw MediaFailure.corrupt
                }
                return ByteBuffer(bytes: made.bytes)
            }
            self.cache.store(plan.name, bytes)
            return bytes
        }
        return Served(bytes: .made(made), format: plan.format, entityTag: plan.entityTag)
    }

    /// The ETag a request for `version` in the format `accept` allows would be answered with (for a
    /// 304 before any bytes are read); nil when there is no such image.
    public func entityTag(contentHash: String, version: MediaVersion, accept: String?) async throws -> String? {
        try await self.plan(contentHash: contentHash, version: version, accept: accept)?.entityTag
    }

    /// What serving `version` of an image to a request accepting `accept` means: the format, the
    /// cache file's name, the `ETag`.
    private struct Plan {
        var summary: Summary
        var format: MediaFormat
        var pixels: Int
        var name: String
        var entityTag: String { "\"\(self.name)\"" }
    }

    private func plan(contentHash: String, version: MediaVersion, accept: String?) async throws -> Plan? {
        guard MediaLinks.isContentHash(contentHash), let summary = try await self.summary(contentHash) else { return nil }
        let size = version.size(ofWidth: summary.width, height: summary.height)
        let pixels = size.width * size.height
        let format = MediaFormat.served(
            for: summary.format, hasAlpha: summary.hasAlpha, accept: accept, pixels: pixels, largestWebP: MediaWorkshop.largePixels
        )
        return Plan(summary: summary, format: format, pixels: pixels, name: MediaCache.name(contentHash: contentHash, tag: version.tag, format: format))
    }

    private func summary(_ contentHash: String) async throws -> Summary? {
        if let known = self.summaries.withLockedValue({ $0[contentHash] }) { return known }
        guard let image = try await self.database.withConnection({ try await MediaStore.find(contentHash: contentHash, on: $0) }),
            let format = MediaFormat(rawValue: image.mediaType)
        else { return nil }
        let summary = Summary(id: image.id, format: format, width: image.width, height: image.height, hasAlpha: image.hasAlpha)
        self.summaries.withLockedValue { summaries in
            if summaries.count >= Self.maximumSummaries { summaries.removeAll() }
            summaries[contentHash] = summary
        }
        return summary
    }
}
