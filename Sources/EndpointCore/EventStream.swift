public import NIOCore

/// An answer that goes on after its head: Server-Sent Events (`text/event-stream`, the WHATWG
/// `EventSource` format), written as they happen until the stream ends or the client leaves.
///
/// The hook says what to write; the server owns the connection. `run` gets `send`, which writes
/// bytes and waits while the client is slow to read them (so a stream never queues more than the
/// connection's buffers hold), and the ``Connection``.
public struct EventStream: Sendable {
    public typealias Run = @Sendable (_ send: ([ByteBuffer]) async throws -> Void, _ connection: Connection) async throws -> Void

    /// The stream's connection, as far as a stream needs it.
    public struct Connection: Sendable {
        /// Closes the connection at once: the way to be rid of a client that stopped reading, whose
        /// `send` would otherwise wait for ever.
        public let cutOff: @Sendable () -> Void
        /// Calls back once the connection is closed, by either side: a stream waiting for something
        /// to send learns that its client left.
        public let whenClosed: @Sendable (_ callback: @escaping @Sendable () -> Void) -> Void

        public init(cutOff: @escaping @Sendable () -> Void, whenClosed: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void) {
            self.cutOff = cutOff
            self.whenClosed = whenClosed
        }
    }

    public let run: Run

    public init(_ run: @escaping Run) {
        self.run = run
    }
}
