import EndpointCore
import NIOCore

/// Writes a live stream's body straight to its connection on the connection's event loop, after
/// the head Hummingbird wrote, through the stream's ``EventStreamOutlet``: a stream's `send` and
/// the pushes a feed makes to thousands of streams at once then cost one event-loop task each, not
/// a woken task, an async writer's hop and the whole pipeline.
///
/// Every write goes through the same queue (the event loop's), so sends and pushes reach the
/// client in the order they were made; the response's end, written by Hummingbird once the stream
/// returns, comes after them all.
final class EventStreamWriter: Sendable {
    private let channel: any Channel
    /// The outlet, and whether a push found the client behind (until the next `send`): every push is
    /// then refused, so none overtakes what the stream catches the client up with. Used on the
    /// event loop only.
    private let state: NIOLoopBoundBox<(outlet: EventStreamOutlet?, refusing: Bool)>

    /// A writer for `channel`'s stream, its outlet put in place (before any write: the event loop
    /// runs tasks in order).
    init(channel: any Channel) {
        self.channel = channel
        self.state = .makeBoxSendingValue((nil, false), eventLoop: channel.eventLoop)
        channel.eventLoop.execute {
            do {
                self.state.value.outlet = try EventStreamOutlet.add(to: channel)
            } catch {
                channel.close(promise: nil)
            }
        }
    }

    /// Writes `bytes` and waits until the connection has handed them to the kernel: a client slow to
    /// read holds its stream here, never more than the connection's buffers.
    func send(_ bytes: ByteBuffer) async throws {
        let written = self.channel.eventLoop.makePromise(of: Void.self)
        self.channel.eventLoop.execute {
            self.state.value.refusing = false
            self.write(bytes, promise: written)
        }
        try await written.futureResult.get()
    }

    /// Writes `bytes` without waiting, unless the connection already holds more than its high-water
    /// mark (its client is not keeping up) or a push was refused since the last `send`: then writes
    /// nothing and, the first time, calls `refused`.
    func push(_ bytes: ByteBuffer, refused: @escaping @Sendable () -> Void) {
        self.channel.eventLoop.execute {
            guard !self.state.value.refusing else { return }
            guard self.channel.isWritable else {
                self.state.value.refusing = true
                refused()
                return
            }
            self.write(bytes, promise: nil)
        }
    }

    /// Takes the outlet out of the connection's pipeline, so a connection reused for other requests
    /// answers them as any other; after the stream's last write.
    func finish() {
        self.channel.eventLoop.execute {
            guard let outlet = self.state.value.outlet else { return }
            self.state.value.outlet = nil
            self.channel.pipeline.syncOperations.removeHandler(outlet).whenFailure { _ in }
        }
    }

    private func write(_ bytes: ByteBuffer, promise: EventLoopPromise<Void>?) {
        guard let outlet = self.state.value.outlet else {
            promise?.fail(ChannelError.ioOnClosedChannel)
            return
        }
        outlet.write(bytes, promise: promise)
    }
}
