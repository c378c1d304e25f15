import Media
import NIOCore
import NIOHTTP1

/// Writes a file's bytes into an answer's body as a `FileRegion`, which the connection sends with
/// `sendfile(2)`: the bytes never enter the server's memory (a reader that takes nothing holds nothing
/// of the server's), and are not copied through it twice (`pread` into a buffer, `write` out of it:
/// 200 clients fetching video segments spent a quarter of the server's time in those two copies).
/// Placed below Hummingbird's HTTP codec (``FileSendingHTTP1Channel``), which carries only byte buffers;
/// the answer's head and end still go through the codec, in order, around it.
final class FileRegionSender: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private var context: ChannelHandlerContext?

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
    }

    /// Sends `count` bytes of `file` from `offset` as the body of the answer whose head `connection` has
    /// just been given, and returns once they are all written to the socket; false (nothing sent) when
    /// the connection has no sender (Hummingbird's test framework answers without a socket). The file
    /// must not shrink meanwhile: every served file is written whole under another name and renamed.
    static func send(_ file: CachedFile, offset: Int, count: Int, on connection: any Channel) async throws -> Bool {
        try await connection.eventLoop.flatSubmit {
            guard let sender = try? connection.pipeline.syncOperations.handler(type: FileRegionSender.self), let context = sender.context else {
                return connection.eventLoop.makeSucceededFuture(false)
            }
            // A descriptor of its own: the cached file's is shared by every reader and closed with it.
            let handle: NIOFileHandle
            do { handle = try file.duplicateHandle() } catch { return connection.eventLoop.makeFailedFuture(error) }
            let region = FileRegion(fileHandle: handle, readerIndex: offset, endIndex: offset + count)
            return context.writeAndFlush(sender.wrapOutboundOut(.body(.fileRegion(region)))).always { _ in try? handle.close() }.map { true }
        }.get()
    }
}
