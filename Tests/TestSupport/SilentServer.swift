import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// A TCP server on loopback that accepts connections and never says anything: an SMTP or push service
/// that hangs.
package struct SilentServer: Sendable {
    package let port: Int
    private let listener: any Channel
    private let accepted: NIOLockedValueBox<Int>

    package static func start() async throws -> SilentServer {
        let accepted = NIOLockedValueBox(0)
        let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelInitializer { channel in
                accepted.withLockedValue { $0 += 1 }
                return channel.eventLoop.makeSucceededVoidFuture()
            }
            .bind(host: "127.0.0.1", port: 0).get()
        return SilentServer(port: listener.localAddress?.port ?? 0, listener: listener, accepted: accepted)
    }

    /// Waits until a client has connected (and is now waiting for an answer that never comes).
    package func waitForAClient(seconds: Double = 20) async throws {
        try await Waiting.until("a client to connect to the silent server", seconds: seconds) { self.accepted.withLockedValue { $0 } > 0 }
    }

    package func stop() async {
        try? await self.listener.close()
    }
}
