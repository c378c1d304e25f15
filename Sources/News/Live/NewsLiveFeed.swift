import CoreMetrics
public import EndpointCore
public import Logging
import NIOConcurrencyHelpers
import NIOCore
public import Storage

/// This instance's live news: the changes committed anywhere, read from the change log once and
/// handed to every open stream (`content/news` `live`).
///
/// The tail (``refresh()``, run by a background worker, at once when ``changed()`` rings: a write of
/// this instance or another instance's announcement) reads what the log gained and appends it to a
/// shared backlog of the latest events. A stream that keeps up is written to by the feed itself: the
/// new events, framed once per view, are pushed to its connection (``EventStream/Connection/push``),
/// with no task of its own woken. A stream that is behind (catching up after it opened, or whose
/// client did not take a push) takes the events after its own position from the backlog and writes
/// them, waiting on its client, until it has caught up; once the backlog has moved past it, it is
/// cut off (its connection closed): it resumes from its last event's ID, and memory stays bounded by
/// the backlog whatever the clients do. Streams have no timers of their own: heartbeats
/// (``beat(every:)``) are pushed or wake them, and the end (``close()``, when the server drains) wakes them all.
///
/// The rules live in ``NewsLiveFeedState``, a plain value this class drives under one lock: the state
/// says whom to wake, push to and cut off, and the feed does it once the lock is released. A lock
/// rather than an actor: pushes are refused, and connections close, on event loops, which call in
/// synchronously (an actor would need a task for each), and every call holds the lock for a few
/// dictionary operations.
public final class NewsLiveFeed: Sendable {
    /// How many streams may be open: on this instance, and per client network.
    public struct Limits: Sendable {
        public var streams: Int
        public var perNetwork: Int

        public init(streams: Int, perNetwork: Int) {
            self.streams = streams
            self.perNetwork = perNetwork
        }
    }

    typealias Next = NewsLiveFeedState.Next
    typealias Pusher = NewsLiveFeedState.Pusher

    /// A comment line: proxies and idle timeouts see the stream alive.
    static let heartbeat = ByteBuffer(string: ": keep-alive\n\n")

    /// The state, and the streams' waits by ID (resumed once the lock is released).
    private struct Locked {
        var state: NewsLiveFeedState
        var waits: [Int: CheckedContinuation<Next?, Never>] = [:]
        var refreshing = false
        var refreshAgain = false

        /// The waits of `ids`, taken out to be resumed.
        mutating func take(_ ids: [Int]) -> [CheckedContinuation<Next?, Never>] {
            ids.compactMap { self.waits.removeValue(forKey: $0) }
        }
    }

    let database: Database
    let log: NewsLiveLog
    /// How many events the backlog keeps (``ConfigOption/newsLiveBacklog``, read at each refresh).
    private let backlog: @Sendable () async -> Int
    private let clock: SiteClock
    private let locked: NIOLockedValueBox<Locked>
    private let logger: Logger
    /// Rung when news changed: the tail reads the log at once.
    public let doorbell = Doorbell()
    private let openStreams = Gauge(label: "endpoint_news_live_streams")
    let eventsSent = Counter(label: "endpoint_news_live_events_total")
    private let readersDropped = Counter(label: "endpoint_news_live_dropped_total")

    /// A feed starting at the log's newest change.
    public init(database: Database, publicURL: String, clock: SiteClock, backlog: @escaping @Sendable () async -> Int, logger: Logger) async throws {
        let state = try await database.withConnection { try await NewsChangeLog.state(on: $0) }
        self.database = database
        self.log = NewsLiveLog(databaseID: state.databaseID, publicURL: NewsResponder.trimmed(publicURL), clock: clock)
        self.backlog = backlog
        self.clock = clock
        self.locked = NIOLockedValueBox(Locked(state: NewsLiveFeedState(tailSeq: state.latest, now: clock.elapsed)))
        self.logger = logger
    }

    /// How many changes back a stream may resume from (the backlog's capacity): one further back gets a
    /// `reset` instead of the whole change log (an old `Last-Event-ID` replayed 50,855 events, 3 s of a
    /// processor, at every open).
    func longestResume() async -> Int {
        max(1, await self.backlog())
    }

    /// News changed (here, or announced by another instance): the tail reads the log at once.
    public func changed() {
        self.doorbell.ring()
    }

    /// Reads what the log gained since the last read and hands it to the streams; with no stream
    /// open, only notes where the log ends. One read at a time: a call while one runs makes it read
    /// again once done.
    public func refresh() async throws {
        let first = self.locked.withLockedValue { locked in
            if locked.refreshing { locked.refreshAgain = true }
            defer { locked.refreshing = true }
            return !locked.refreshing
        }
        guard first else { return }
        defer { self.locked.withLockedValue { $0.refreshing = false } }
        var again = true
        while again {
            try await self.readTail()
            again = self.locked.withLockedValue { locked in
                defer { locked.refreshAgain = false }
                return locked.refreshAgain
            }
        }
    }

    private func readTail() async throws {
        var more = true
        while more {
            let (from, listened) = self.locked.withLockedValue { ($0.state.tailSeq, $0.state.hasStreams) }
            guard listened else {
                let latest = try await self.database.withConnection { try await NewsChangeLog.state(on: $0) }.latest
                self.locked.withLockedValue { $0.state.skip(to: latest) }
                return
            }
            let batch = try await self.database.withConnection { try await self.log.events(after: from, on: $0) }
            await self.publish(batch.events, through: batch.readThrough, after: from)
            more = batch.more
        }
    }

    /// Appends `events` (the log read after `seq`, up to `through`) to the backlog, pushes them to
    /// the streams that keep up, cuts off the streams it left behind and wakes the others.
    private func publish(_ events: [NewsLiveEvent], through: Int, after seq: Int) async {
        let capacity = max(1, await self.backlog())
        let (published, waits) = self.locked.withLockedValue { locked in
            let published = locked.state.publish(events, through: through, after: seq, capacity: capacity)
            return (published, locked.take(published.wake))
        }
        for wait in waits { wait.resume(returning: nil) }
        self.push(published.pushes) { view in EventStream.joined(events.map { $0.bytes(for: view) }) }
        self.eventsSent.increment(by: events.count * published.pushes.count)
        if !published.cutOffs.isEmpty {
            self.readersDropped.increment(by: published.cutOffs.count)
            self.logger.notice("live news readers too slow: cut off", metadata: ["streams": "\(published.cutOffs.count)"])
        }
        for cutOff in published.cutOffs { cutOff() }
    }

    /// Pushes to each stream the bytes of its view (made once per view); a stream whose connection
    /// refuses goes back to writing for itself, from where the refused push started.
    private func push(_ pushes: [NewsLiveFeedState.Push], bytes: (NewsLiveView) -> ByteBuffer) {
        var framed: [NewsLiveView: ByteBuffer] = [:]
        for push in pushes {
            let view = push.pusher.view
            let buffer = framed[view] ?? bytes(view)
            framed[view] = buffer
            push.pusher.push(buffer) { [weak self] in self?.refused(push.id, from: push.from) }
        }
    }

    private func refused(_ id: Int, from position: Int) {
        self.wake { $0.refused(id, from: position) ? [id] : [] }
    }

    /// Has every stream write a heartbeat (pushed, or woken to write it), when `seconds` have passed
    /// on the site's clock since the last.
    public func beat(every seconds: Int) {
        let now = self.clock.elapsed
        let (pushes, waits) = self.locked.withLockedValue { locked in
            let beat = locked.state.beat(at: now, every: seconds)
            return (beat.pushes, locked.take(beat.wake))
        }
        for wait in waits { wait.resume(returning: nil) }
        self.push(pushes) { _ in Self.heartbeat }
    }

    /// Ends every stream (the server is draining: clients reconnect, to another instance); streams
    /// opened from now on end after their opening events.
    public func close() {
        self.wake { $0.close() }
    }

    /// Resumes the waits of the streams `change` says to wake.
    private func wake(_ change: (inout NewsLiveFeedState) -> [Int]) {
        let waits = self.locked.withLockedValue { locked in locked.take(change(&locked.state)) }
        for wait in waits { wait.resume(returning: nil) }
    }

    /// A place for one more stream from `network`, or nil when `limits` are reached.
    public func subscribe(network: String, limits: Limits) -> Subscription? {
        let place = self.locked.withLockedValue { locked in
            locked.state.subscribe(network: network, limits: limits).map { ($0.id, $0.seq, locked.state.streamCount) }
        }
        guard let place else { return nil }
        self.openStreams.record(place.2)
        return Subscription(feed: self, id: place.0, seq: place.1)
    }

    /// How many streams are open.
    public var streamCount: Int { self.locked.withLockedValue { $0.state.streamCount } }

    /// How many of them keep up: the feed pushes their events.
    public var pushedStreamCount: Int { self.locked.withLockedValue { $0.state.pushedStreamCount } }

    fileprivate func unsubscribe(_ id: Int) {
        let (waits, count) = self.locked.withLockedValue { locked in
            (locked.take(locked.state.unsubscribe(id) ? [id] : []), locked.state.streamCount)
        }
        for wait in waits { wait.resume(returning: nil) }
        self.openStreams.record(count)
    }

    fileprivate func caughtUp(_ id: Int, through seq: Int) {
        self.locked.withLockedValue { $0.state.caughtUp(id, through: seq) }
    }

    fileprivate func attach(_ id: Int, _ connection: EventStream.Connection) {
        let alreadyEnded = self.locked.withLockedValue { $0.state.attach(id, cutOff: connection.cutOff) }
        if alreadyEnded { connection.cutOff() }
        connection.whenClosed { [weak self] in self?.wake { $0.left(id) ? [id] : [] } }
    }

    /// What stream `id` is to write next: events, a heartbeat, or nothing more; waits until there is
    /// one. Once it has caught up, the feed pushes its events with `pusher`, and it waits here until
    /// the end, or until its connection refuses a push.
    func next(_ id: Int, pusher: Pusher) async -> Next {
        while !Task.isCancelled {
            let next = await withTaskCancellationHandler {
                await withCheckedContinuation { (continuation: CheckedContinuation<Next?, Never>) in
                    let next = self.locked.withLockedValue { locked -> Next? in
                        if let next = locked.state.take(id, pusher: pusher) { return next }
                        locked.state.wait(id)
                        locked.waits[id] = continuation
                        return nil
                    }
                    if let next { continuation.resume(returning: next) }
                }
            } onCancel: {
                self.wake { $0.stopWaiting(id) ? [id] : [] }
            }
            if let next { return next }
        }
        return .ended
    }

    /// One open stream's place in the feed (its position is the backlog's end when it joined),
    /// given back when the stream ends (or, if it never starts, when this is released).
    public final class Subscription: Sendable {
        let feed: NewsLiveFeed
        let id: Int
        /// The change-log number the backlog had reached: the stream catches up to it from the log.
        let seq: Int

        fileprivate init(feed: NewsLiveFeed, id: Int, seq: Int) {
            self.feed = feed
            self.id = id
            self.seq = seq
        }

        /// The stream's connection: cut when its reader falls too far behind; its closing ends the
        /// stream's wait.
        func attach(_ connection: EventStream.Connection) {
            self.feed.attach(self.id, connection)
        }

        /// The stream has written every change up to `seq` (read from the log): the feed pushes it
        /// nothing until its tail is past that.
        func caughtUp(through seq: Int) {
            self.feed.caughtUp(self.id, through: seq)
        }

        deinit {
            self.feed.unsubscribe(self.id)
        }
    }
}
