import Hummingbird
import Media
import NIOCore

/// A file's bytes as an answer's body: sent from the file by the connection (``FileRegionSender``), or,
/// where there is no socket, read a chunk at a time as the client takes them: what a client that does
/// not read holds is one chunk, not the file.
enum FileBody {
    /// How much of a file is read at a time.
    static let chunkBytes = 64 * 1024

    /// `count` bytes of `file` from `offset`: up to a chunk read at once (written with the answer's
    /// head in one go), more sent from the file. Without a sender, after each chunk the writer waits
    /// for `connection`'s event loop to have handed it on: Hummingbird's writer holds back a chunk
    /// only once the connection says it is full, which it says only after the chunks already given
    /// to it were written, and chunks read faster than the event loop takes them piled up first
    /// (3.5 MB for each client that read nothing).
    static func body(_ file: CachedFile, offset: Int = 0, count: Int, connection: any Channel) throws(CachedFile.Unreadable) -> ResponseBody {
        if count <= Self.chunkBytes {
            guard let whole = file.read(at: offset, upTo: count) else { throw CachedFile.Unreadable() }
            return ResponseBody(byteBuffer: whole)
        }
        return ResponseBody(contentLength: count) { writer in
            if try await FileRegionSender.send(file, offset: offset, count: count, on: connection) { return try await writer.finish(nil) }
            var sent = 0
            while sent < count {
                guard let chunk = file.read(at: offset + sent, upTo: min(Self.chunkBytes, count - sent)) else { throw CachedFile.Unreadable() }
                try await writer.write(chunk)
                try await connection.eventLoop.submit {}.get()
                sent += chunk.readableBytes
            }
            try await writer.finish(nil)
        }
    }
}
