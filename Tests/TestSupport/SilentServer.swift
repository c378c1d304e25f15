import NIOCore
import NIOPosix

/// A TCP server on loopback that accepts connections and never says anything: an SMTP or push service
/// that hangs.
package struct SilentServer: Sendable {
    package let port: Int
    private let listener: any Channel

    package static func start() async throws -> SilentServer {
        let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelInitializer { $0.eventLoop.makeSucceededVoidFuture() }
            .bind(host: "127.0.0.1", port: 0).get()
        return SilentServer(port: listener.localAddress?.port ?? 0, listener: listener)
    }

    package func stop() async {
        try? await self.listener.close()
    }
}
