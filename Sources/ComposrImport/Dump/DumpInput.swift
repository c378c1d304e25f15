public import Foundation

/// Where a dump's bytes come from, a chunk at a time: the reader never holds more of a dump than one
/// chunk and the value it is reading.
public protocol DumpInput {
    /// The next bytes (at most `limit`), empty at the end.
    mutating func read(upTo limit: Int) throws -> ArraySlice<UInt8>
}

/// A dump in memory (tests, fuzzing), handed over at most `chunk` bytes at a time (as a pipe may
/// deliver it: token edges fall inside chunks).
public struct DumpBytes: DumpInput {
    private let bytes: [UInt8]
    private let chunk: Int
    private var offset = 0

    public init(_ bytes: [UInt8], chunk: Int = .max) {
        self.bytes = bytes
        self.chunk = max(1, chunk)
    }

    public mutating func read(upTo limit: Int) throws -> ArraySlice<UInt8> {
        let end = self.offset + min(self.bytes.count - self.offset, limit, self.chunk)
        defer { self.offset = end }
        return self.bytes[self.offset..<end]
    }
}

/// A dump read from a file handle: a file, standard input, or `mysqldump`'s output.
public struct DumpFile: DumpInput {
    private let handle: FileHandle

    public init(_ handle: FileHandle) {
        self.handle = handle
    }

    public mutating func read(upTo limit: Int) throws -> ArraySlice<UInt8> {
        ArraySlice(try self.handle.read(upToCount: limit) ?? Data())
    }
}
