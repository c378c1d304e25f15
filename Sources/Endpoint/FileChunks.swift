import Foundation

/// A file's bytes a mebibyte at a time, for what takes bytes as they arrive (a video is never read
/// whole into memory).
struct FileChunks: AsyncSequence {
    typealias Element = [UInt8]

    let handle: FileHandle

    struct AsyncIterator: AsyncIteratorProtocol {
        let handle: FileHandle

        mutating func next() async throws -> [UInt8]? {
            guard let data = try self.handle.read(upToCount: 1 << 20), !data.isEmpty else { return nil }
            return Array(data)
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(handle: self.handle) }
}
