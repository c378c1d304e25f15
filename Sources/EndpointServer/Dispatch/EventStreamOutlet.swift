import NIOCore
import NIOHTTP1

/// A live stream's place in its connection's pipeline, just above the HTTP/1 encoder: where its
/// body is written, and what closes the connection once the client closes its side.
///
/// Written here, an event meets only the encoder's chunk framing, not Hummingbird's handlers and
/// ours above it (request state, timeouts, the HTTP types' conversion), which do nothing for a
/// body part yet cost the most of a write made to thousands of streams at once. The response's
/// head and end still go through them all, written by Hummingbird.
///
/// The server allows half-closed connections (a client may send its request, close its side and
/// still read the answer), so a client that hangs up would otherwise be noticed only at the
/// stream's next write; a stream client never has more to say, so its closing means it left.
final class EventStreamOutlet: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny
    typealias OutboundOut = HTTPServerResponsePart

    private var context: ChannelHandlerContext?

    /// Puts an outlet above `channel`'s HTTP/1 encoder; call on its event loop.
    static func add(to channel: any Channel) throws -> EventStreamOutlet {
        let pipeline = channel.pipeline.syncOperations
        let outlet = EventStreamOutlet()
        try pipeline.addHandler(outlet, position: .after(try pipeline.handler(type: HTTPResponseEncoder.self)))
        return outlet
    }

    /// Writes `bytes` as a part of the body (nothing once the outlet is removed); on the event loop.
    func write(_ bytes: ByteBuffer, promise: EventLoopPromise<Void>?) {
        guard let context else {
            promise?.fail(ChannelError.ioOnClosedChannel)
            return
        }
        context.writeAndFlush(self.wrapOutboundOut(.body(.byteBuffer(bytes))), promise: promise)
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case .some(.inputClosed) = event as? ChannelEvent { context.close(promise: nil) }
        context.fireUserInboundEventTriggered(event)
    }
}
