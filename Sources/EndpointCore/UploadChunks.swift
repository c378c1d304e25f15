/// An upload's bytes as they arrive, for a hook that keeps them without holding them in memory
/// (``Hook/streamsUpload(to:)``: a video's REST body). Each element is what one read of the body gave;
/// the sequence can be iterated once.
public struct UploadChunks: AsyncSequence, Sendable {
    public typealias Element = [UInt8]

    private let makeIterator: @Sendable () -> AsyncIterator

    /// The chunks of `base`, each turned into bytes by `bytes`.
    public init<Base: AsyncSequence & Sendable>(_ base: Base, bytes: @escaping @Sendable (Base.Element) -> [UInt8]) {
        self.makeIterator = {
            var iterator = base.makeAsyncIterator()
            return AsyncIterator { try await iterator.next().map(bytes) }
        }
    }

    /// Bytes already read, as one chunk (a multipart form's file part, which is read whole).
    public init(_ bytes: [UInt8]) {
        self.makeIterator = {
            var left: [UInt8]? = bytes
            return AsyncIterator {
                defer { left = nil }
                return left
            }
        }
    }

    public func makeAsyncIterator() -> AsyncIterator { self.makeIterator() }

    public struct AsyncIterator: AsyncIteratorProtocol {
        fileprivate let nextChunk: () async throws -> [UInt8]?

        public mutating func next() async throws -> [UInt8]? { try await self.nextChunk() }
    }
}
