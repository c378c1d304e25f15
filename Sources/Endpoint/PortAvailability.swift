import NIOCore
import NIOPosix

/// Checks that the listening address can be bound before the server starts.
///
/// Hummingbird stops with a fatal error when it cannot bind; a busy port deserves a one-line
/// explanation instead.
enum PortAvailability {
    /// - Parameter setting: how the operator chooses this port, for the explanation.
    static func check(hostname: String, port: Int, setting: String = "--port or ENDPOINT_PORT") async throws {
        do {
            let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                .bind(host: hostname, port: port)
                .get()
            try await channel.close()
        } catch {
            throw CommandFailure("Cannot listen on \(hostname):\(port): \(error). Is another server using that port? Choose another with \(setting).")
        }
    }
}
