import NIOConcurrencyHelpers
import NIOCore

/// Every connection the server holds open, so a stopping server can close those still open once what
/// is in flight has had its time (``ServerSettings/stopSeconds``): a download or a stream nobody reads
/// would otherwise keep the server from exiting until its client closed.
public final class OpenConnections: Sendable {
    private let channels = NIOLockedValueBox<[ObjectIdentifier: any Channel]>([:])

    public init() {}

    /// A handler for one new connection, which it keeps in the list while it is open.
    func tracker() -> Tracker {
        Tracker(connections: self)
    }

    /// Closes every connection still open.
    func closeAll() {
        for channel in self.channels.withLockedValue({ Array($0.values) }) { channel.close(promise: nil) }
    }

    /// How many connections are open.
    var count: Int { self.channels.withLockedValue { $0.count } }

    final class Tracker: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = NIOAny
        private let connections: OpenConnections

        fileprivate init(connections: OpenConnections) {
            self.connections = connections
        }

        func handlerAdded(context: ChannelHandlerContext) {
            let channel = context.channel
            self.connections.channels.withLockedValue { $0[ObjectIdentifier(channel)] = channel }
        }

        func handlerRemoved(context: ChannelHandlerContext) {
            let key = ObjectIdentifier(context.channel)
            _ = self.connections.channels.withLockedValue { $0.removeValue(forKey: key) }
        }
    }
}
