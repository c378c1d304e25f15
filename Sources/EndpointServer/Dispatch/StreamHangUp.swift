import NIOCore

/// Closes a live stream's connection once the client closes its side. The server allows half-closed
/// connections (a client may send its request, close its side and still read the answer), so a
/// client that hangs up is otherwise only noticed at the stream's next write; a stream client never
/// has more to say, so its closing means it left.
final class StreamHangUp: ChannelInboundHandler, RemovableChannelHandler, Sendable {
    typealias InboundIn = NIOAny

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case .some(.inputClosed) = event as? ChannelEvent { context.close(promise: nil) }
        context.fireUserInboundEventTriggered(event)
    }
}
