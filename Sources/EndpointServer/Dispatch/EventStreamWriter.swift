import EndpointCore
import NIOCore
import NIOHTTPTypes

/// Writes a live stream's body straight to its connection on the connection's event loop, after
/// the head Hummingbird wrote: a stream's `send` and the pushes a feed makes to thousands of
/// streams at once then cost one event-loop task each, not a woken task and an async writer's hop.
///
/// Every write goes through the same queue (the event loop's), so sends and pushes reach the
/// client in the order they were made; the response's end, written by Hummingbird once the stream
/// returns, comes after them all.
final class EventStreamWriter: Sendable {
    private let channel: any Channel
    /// Set when a push found the client behind (until the next `send`): every push is then refused,
    /// so none overtakes what the stream catches the client up with. Read and written on the
    /// event loop only.
    private let refusing: NIOLoopBoundBox<Bool>

    init(channel: any Channel) {
        self.channel = channel
        self.refusing = .makeBoxSendingValue(false, eventLoop: channel.eventLoop)
    }

    /// Writes `bytes` and waits until the connection has handed them to the kernel: a client slow to
    /// read holds its stream here, never more than the connection's buffers.
    func send(_ bytes: ByteBuffer) async throws {
        let written = self.channel.eventLoop.makePromise(of: Void.self)
        self.channel.eventLoop.execute {
            self.refusing.value = false
            self.channel.writeAndFlush(HTTPResponsePart.body(bytes), promise: written)
        }
        try await written.futureResult.get()
    }

    /// Writes `bytes` without waiting, unless the connection already holds more than its high-water
    /// mark (its client is not keeping up) or a push was refused since the last `send`: then writes
    /// nothing and, the first time, calls `refused`.
    func push(_ bytes: ByteBuffer, refused: @escaping @Sendable () -> Void) {
        self.channel.eventLoop.execute {
            guard !self.refusing.value else { return }
            guard self.channel.isWritable else {
                self.refusing.value = true
                refused()
                return
            }
            self.channel.writeAndFlush(HTTPResponsePart.body(bytes), promise: nil)
        }
    }
}
