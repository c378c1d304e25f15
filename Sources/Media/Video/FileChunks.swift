import Foundation

/// Files' bytes a mebibyte at a time, for what takes bytes as they arrive (a video is never read whole
/// into memory): the first `count` bytes of each file in turn (a whole file, or a resumable upload's
/// parts in order).
public struct FileChunks: AsyncSequence, Sendable {
    public typealias Element = [UInt8]

    private let pieces: [(path: String, count: Int)]

    /// The first `count` bytes of each file of `pieces`, in order.
    init(_ pieces: [(path: String, count: Int)]) {
        self.pieces = pieces
    }

    /// The whole file at `path`.
    public init(path: String) {
        self.pieces = [(path, Int.max)]
    }

    public struct AsyncIterator: AsyncIteratorProtocol {
        private var pieces: ArraySlice<(path: String, count: Int)>
        private var handle: FileHandle?
        private var left = 0

        fileprivate init(_ pieces: [(path: String, count: Int)]) { self.pieces = pieces[...] }

        public mutating func next() async throws -> [UInt8]? {
            while true {
                if let handle = self.handle, self.left > 0, let data = try handle.read(upToCount: Swift.min(1 << 20, self.left)), !data.isEmpty {
                    self.left -= data.count
                    return Array(data)
                }
                try self.handle?.close()
                self.handle = nil
                guard let piece = self.pieces.popFirst() else { return nil }
                guard let handle = FileHandle(forReadingAtPath: piece.path) else {
                    throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: piece.path])
                }
                self.handle = handle
                self.left = piece.count
            }
        }
    }

    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(self.pieces) }
}
