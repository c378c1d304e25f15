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
        /// Writes bytes after everything written before, without waiting: for a source that hands
        /// the same bytes to many streams at once, at the cost of no task per stream. A client that
        /// is not keeping up (its connection already holds more than its buffers take) is written
        /// nothing, by this push and every later one until the stream's next `send`, and `refused`
        /// is called once: the stream then catches it up with `send`, which waits.
        public let push: @Sendable (_ bytes: ByteBuffer, _ refused: @escaping @Sendable () -> Void) -> Void
        /// Closes the connection at once: the way to be rid of a client that stopped reading, whose
        /// `send` would otherwise wait for ever.
        public let cutOff: @Sendable () -> Void
        /// Calls back once the connection is closed, by either side: a stream waiting for something
        /// to send learns that its client left.
        public let whenClosed: @Sendable (_ callback: @escaping @Sendable () -> Void) -> Void

        public init(
            push: @escaping @Sendable (ByteBuffer, @escaping @Sendable () -> Void) -> Void, cutOff: @escaping @Sendable () -> Void,
            whenClosed: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void
        ) {
            self.push = push
            self.cutOff = cutOff
            self.whenClosed = whenClosed
        }
    }

    public let run: Run

    public init(_ run: @escaping Run) {
        self.run = run
    }

    /// Pieces of a stream as one buffer: framing and writing each apart cost more than copying them
    /// together.
    public static func joined(_ buffers: [ByteBuffer]) -> ByteBuffer {
        guard buffers.count > 1 else { return buffers.first ?? ByteBuffer() }
        var joined = ByteBuffer()
        joined.reserveCapacity(buffers.reduce(0) { $0 + $1.readableBytes })
        for buffer in buffers { joined.writeImmutableBuffer(buffer) }
        return joined
    }
}
