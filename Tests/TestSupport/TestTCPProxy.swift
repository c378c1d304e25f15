import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// A TCP forwarder on loopback that a test can cut and restore, to play a database server going away
/// and coming back without stopping the real one (which other tests share).
///
/// Cutting closes every forwarded connection and closes each new one at once (what a client sees when
/// a server is stopped: resets and refused connections); restoring forwards again.
package final class TestTCPProxy: Sendable {
    package let port: Int
    private let listener: any Channel
    private let state: NIOLockedValueBox<(isCut: Bool, open: [any Channel])>

    private init(port: Int, listener: any Channel, state: NIOLockedValueBox<(isCut: Bool, open: [any Channel])>) {
        self.port = port
        self.listener = listener
        self.state = state
    }

    /// Starts forwarding connections to `port` on 127.0.0.1 to `targetPort`.
    package static func start(to targetHost: String, port targetPort: Int) async throws -> TestTCPProxy {
        let state = NIOLockedValueBox<(isCut: Bool, open: [any Channel])>((false, []))
        let group = MultiThreadedEventLoopGroup.singleton
        let listener = try await ServerBootstrap(group: group)
            .childChannelInitializer { inbound in
                guard !state.withLockedValue({ $0.isCut }) else { return inbound.close() }
                return ClientBootstrap(group: inbound.eventLoop).connect(host: targetHost, port: targetPort).flatMap { outbound in
                    state.withLockedValue { $0.open += [inbound, outbound] }
                    let (toTarget, toClient) = Glue.pair()
                    return inbound.pipeline.addHandler(toTarget).flatMap {
                        outbound.pipeline.addHandler(toClient)
                    }
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        return TestTCPProxy(port: listener.localAddress?.port ?? 0, listener: listener, state: state)
    }

    /// Drops every connection and refuses new ones until ``restore()``.
    package func cut() async {
        let open = self.state.withLockedValue { state in
            state.isCut = true
            defer { state.open = [] }
            return state.open
        }
        for channel in open { try? await channel.close() }
    }

    package func restore() {
        self.state.withLockedValue { $0.isCut = false }
    }

    package func stop() async {
        await self.cut()
        try? await self.listener.close()
    }

    /// Copies bytes from its channel to its partner's, and closes the partner when its side closes.
    private final class Glue: ChannelDuplexHandler, @unchecked Sendable {
        typealias InboundIn = ByteBuffer
        typealias OutboundIn = ByteBuffer
        typealias OutboundOut = ByteBuffer

        private var partner: Glue?
        private var context: ChannelHandlerContext?

        static func pair() -> (Glue, Glue) {
            let first = Glue()
            let second = Glue()
            first.partner = second
            second.partner = first
            return (first, second)
        }

        func handlerAdded(context: ChannelHandlerContext) {
            self.context = context
        }

        func handlerRemoved(context: ChannelHandlerContext) {
            self.context = nil
            self.partner = nil
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            self.partner?.write(self.unwrapInboundIn(data))
        }

        func channelReadComplete(context: ChannelHandlerContext) {
            self.partner?.flush()
        }

        func channelInactive(context: ChannelHandlerContext) {
            self.partner?.close()
        }

        private func write(_ buffer: ByteBuffer) {
            guard let context = self.context else { return }
            context.eventLoop.execute { context.write(self.wrapOutboundOut(buffer), promise: nil) }
        }

        private func flush() {
            guard let context = self.context else { return }
            context.eventLoop.execute { context.flush() }
        }

        private func close() {
            guard let context = self.context else { return }
            context.eventLoop.execute { context.close(promise: nil) }
        }
    }
}
