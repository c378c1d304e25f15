import Foundation

/// A client that asks 127.0.0.1:`port` for something, takes the first bytes of the answer and then
/// reads nothing more, its receive buffer small: the server's writes to it stall. Plain blocking
/// sockets, so that nothing reads behind the test's back.
package final class StalledReader: @unchecked Sendable {
    private let socket: Int32

    /// Connects, sends `request` and returns once the first bytes of the answer came.
    package init(port: Int, _ request: String) throws {
        self.socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard self.socket >= 0 else { throw TestFailure("no socket") }
        var small: Int32 = 4096
        setsockopt(self.socket, SOL_SOCKET, SO_RCVBUF, &small, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(self.socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw TestFailure("could not connect to \(port)") }
        let bytes = Array(request.utf8)
        guard send(self.socket, bytes, bytes.count, 0) == bytes.count else { throw TestFailure("could not send the request") }
        var first = [UInt8](repeating: 0, count: 100)
        guard recv(self.socket, &first, first.count, 0) > 0 else { throw TestFailure("no answer came") }
    }

    deinit {
        close(self.socket)
    }

    /// Reads everything until the server closes the connection, waiting `seconds` at most for each
    /// read; returns how many bytes came.
    package func readUntilClosed(seconds: Int) throws -> Int {
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(self.socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var total = 0
        while true {
            let count = recv(self.socket, &buffer, buffer.count, 0)
            if count == 0 || (count < 0 && errno == ECONNRESET) { return total }
            guard count > 0 else { throw TestFailure("the server kept the connection open for \(seconds) s without sending (errno \(errno), \(total) bytes)") }
            total += count
        }
    }
}
