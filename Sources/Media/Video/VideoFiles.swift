import Foundation
import NIOConcurrencyHelpers
public import Storage

/// The files made for videos, as served: only a file listed in `video_files` (whole, renamed into
/// place before it was listed) is opened, from the media store every instance shares. A listed file
/// never changes (another make is another folder, with other URLs), so what the database said is
/// remembered: a segment asked for by many players costs one query.
public final class VideoFiles: Sendable {
    private let database: Database
    private let store: MediaStoreFolder
    /// Listed files' sizes by `hash/path`, forgotten all at once past ``remembered`` entries.
    private let sizes = NIOLockedValueBox<[String: Int]>([:])
    static let remembered = 50_000

    public init(database: Database, store: MediaStoreFolder) {
        self.database = database
        self.store = store
    }

    /// A listed file, opened: its size, its strong entity tag and its reader.
    public struct Served: Sendable {
        public let file: CachedFile
        public let entityTag: String
    }

    /// The video with content hash `contentHash`, as it is now (its lasting link follows its current make).
    public func video(contentHash: String) async throws -> VideoRecord? {
        try await self.database.withConnection { try await VideoStore.find(contentHash: contentHash, on: $0) }
    }

    /// The file `path` (below its folder) of the video with content hash `contentHash`, when it is
    /// listed and readable; nil otherwise.
    public func open(contentHash: String, path: String) async throws -> Served? {
        let key = contentHash + "/" + path
        var size = self.sizes.withLockedValue { $0[key] }
        if size == nil {
            size = try await self.database.withConnection { try await VideoStore.fileSize(contentHash: contentHash, path: path, on: $0) }
            if let size {
                self.sizes.withLockedValue { sizes in
                    if sizes.count >= Self.remembered { sizes.removeAll() }
                    sizes[key] = size
                }
            }
        }
        guard let size, let file = CachedFile(path: self.store.folder(ofVideo: contentHash).appendingPathComponent(path).path), file.size == size
        else { return nil }
        // The URL names one make's file, which never changes: its size is tag enough (a tag is compared
        // only for the same URL), and no request pays for a hash.
        return Served(file: file, entityTag: "\"v-\(size)\"")
    }
}
