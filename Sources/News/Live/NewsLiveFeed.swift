import CoreMetrics
import EndpointCore
public import Logging
import NIOConcurrencyHelpers
import NIOCore
public import SiteStore

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

    /// The most bytes the backlog's events keep (their renderings): past it the oldest go, and the
    /// streams still needing them are cut off and resume, whatever views the clients asked for.
    static let backlogBytes = 32 << 20

    /// A comment line: proxies and idle timeouts see the stream alive.
    static let heartbeat = ByteBuffer(string: ": keep-alive\n\n")

    /// What a stream waiting for something to write is woken with.
    enum Next {
        /// Events from its position on, for it to write.
        case events([NewsLiveEvent])
        /// A heartbeat is due, or it must write before it is pushed to again (its connection
        /// refused a push): it writes ``heartbeat``.
        case heartbeat
        /// The server is draining, or the stream was cut off.
        case ended
    }

    /// How the feed writes to a stream that keeps up: the stream's view, and its connection's push.
    struct Pusher: Sendable {
        let view: NewsLiveView
        let push: @Sendable (ByteBuffer, @escaping @Sendable () -> Void) -> Void
    }

    private struct Subscriber {
        var network: String
        /// The backlog position of its next event: everything before it was handed to its stream or
        /// pushed.
        var position: Int
        /// The heartbeat it last wrote.
        var heartbeat: Int
        /// Set while it keeps up: the feed pushes its events. Nil while its stream writes them.
        var pusher: Pusher?
        /// Its connection refused a push: its stream writes before it is pushed to again.
        var refused = false
        var cutOff: (@Sendable () -> Void)?
        /// Cut off, or its client left: it stops at its next wait.
        var ended = false
        /// The change-log number its stream caught up to from the log itself (resuming from a token
        /// the feed's tail had not reached): it is pushed nothing until the tail passes it.
        var readThrough = 0
    }

    private struct State {
        /// The backlog: the latest events, `events[0]` at position `firstPosition`.
        var events: [NewsLiveEvent] = []
        var firstPosition = 0
        var endPosition: Int { self.firstPosition + self.events.count }
        /// The change-log number the backlog reflects.
        var tailSeq: Int
        var subscribers: [Int: Subscriber] = [:]
        /// The streams waiting for events to write, by ID (apart, so waking them all touches
        /// nothing else).
        var waiters: [Int: CheckedContinuation<Next?, Never>] = [:]
        /// The streams the feed pushes to, waiting for the end or a refused push.
        var parked: [Int: CheckedContinuation<Next?, Never>] = [:]
        var perNetwork: [String: Int] = [:]
        var nextID = 0
        var heartbeat = 0
        var closed = false
        var refreshing = false
        var refreshAgain = false
        var lastBeat = ContinuousClock.now
    }

    let database: Database
    let log: NewsLiveLog
    /// How many events the backlog keeps (``ConfigOption/newsLiveBacklog``, read at each refresh).
    private let backlog: @Sendable () async -> Int
    private let state: NIOLockedValueBox<State>
    private let logger: Logger
    /// Rung when news changed: the tail reads the log at once.
    public let doorbell = Doorbell()
    private let openStreams = Gauge(label: "endpoint_news_live_streams")
    let eventsSent = Counter(label: "endpoint_news_live_events_total")
    private let readersDropped = Counter(label: "endpoint_news_live_dropped_total")

    /// A feed starting at the log's newest change.
    public init(database: Database, publicURL: String, clock: UnixClock, backlog: @escaping @Sendable () async -> Int, logger: Logger) async throws {
        let state = try await database.withConnection { try await NewsChangeLog.state(on: $0) }
        self.database = database
        self.log = NewsLiveLog(databaseID: state.databaseID, publicURL: NewsResponder.trimmed(publicURL), clock: clock)
        self.backlog = backlog
        self.state = NIOLockedValueBox(State(tailSeq: state.latest))
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
        let first = self.state.withLockedValue { state in
            if state.refreshing { state.refreshAgain = true }
            defer { state.refreshing = true }
            return !state.refreshing
        }
        guard first else { return }
        defer { self.state.withLockedValue { $0.refreshing = false } }
        var again = true
        while again {
            try await self.readTail()
            again = self.state.withLockedValue { state in
                defer { state.refreshAgain = false }
                return state.refreshAgain
            }
        }
    }

    private func readTail() async throws {
        var more = true
        while more {
            let (from, listened) = self.state.withLockedValue { ($0.tailSeq, !$0.subscribers.isEmpty) }
            guard listened else {
                let latest = try await self.database.withConnection { try await NewsChangeLog.state(on: $0) }.latest
                self.state.withLockedValue { state in
                    guard state.subscribers.isEmpty, latest > state.tailSeq else { return }
                    state.tailSeq = latest
                    state.firstPosition = state.endPosition
                    state.events = []
                }
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
        let (waiters, pushes, cutOffs) = self.state.withLockedValue { state -> ([CheckedContinuation<Next?, Never>], [Push], [@Sendable () -> Void]) in
            guard state.tailSeq == seq else { return ([], [], []) }
            state.tailSeq = through
            // Nothing to send (a quiet second, or only drafts changed): no stream is woken.
            guard !events.isEmpty, !state.closed else { return ([], [], []) }
            let pushes = Self.takePushes(&state, advancingBy: events.count)
            state.events += events
            let evicted = Self.evictions(state.events, capacity: capacity)
            if evicted > 0 {
                state.events.removeFirst(evicted)
                state.firstPosition += evicted
            }
            var cutOffs: [@Sendable () -> Void] = []
            for (id, subscriber) in state.subscribers where !subscriber.ended && subscriber.position < state.firstPosition {
                state.subscribers[id]?.ended = true
                if let cutOff = subscriber.cutOff { cutOffs.append(cutOff) }
            }
            return (Self.takeWaiters(&state), pushes, cutOffs)
        }
        for waiter in waiters { waiter.resume(returning: nil) }
        self.push(pushes) { view in EventStream.joined(events.map { $0.bytes(for: view) }) }
        self.eventsSent.increment(by: events.count * pushes.count)
        if !cutOffs.isEmpty {
            self.readersDropped.increment(by: cutOffs.count)
            self.logger.notice("live news readers too slow: cut off", metadata: ["streams": "\(cutOffs.count)"])
        }
        for cutOff in cutOffs { cutOff() }
    }

    /// How many of the oldest `events` go for the backlog to hold at most `capacity` events and
    /// ``backlogBytes``.
    static func evictions(_ events: [NewsLiveEvent], capacity: Int) -> Int {
        var evicted = max(0, events.count - capacity)
        var bytes = events[evicted...].reduce(0) { $0 + $1.keptBytes }
        while bytes > Self.backlogBytes, evicted < events.count {
            bytes -= events[evicted].keptBytes
            evicted += 1
        }
        return evicted
    }

    /// A write the feed makes to a stream that keeps up: from its position `from`.
    private struct Push {
        let id: Int
        let from: Int
        let pusher: Pusher
    }

    /// The streams the feed pushes to, their positions moved `count` on.
    private static func takePushes(_ state: inout State, advancingBy count: Int) -> [Push] {
        var pushes: [Push] = []
        for (id, subscriber) in state.subscribers where !subscriber.ended {
            guard let pusher = subscriber.pusher else { continue }
            pushes.append(Push(id: id, from: subscriber.position, pusher: pusher))
            state.subscribers[id]?.position += count
            state.subscribers[id]?.heartbeat = state.heartbeat
        }
        return pushes
    }

    /// Pushes to each stream the bytes of its view (made once per view); a stream whose connection
    /// refuses goes back to writing for itself, from where the refused push started.
    private func push(_ pushes: [Push], bytes: (NewsLiveView) -> ByteBuffer) {
        var framed: [NewsLiveView: ByteBuffer] = [:]
        for push in pushes {
            let view = push.pusher.view
            let buffer = framed[view] ?? bytes(view)
            framed[view] = buffer
            push.pusher.push(buffer) { [weak self] in self?.refused(push.id, from: push.from) }
        }
    }

    /// Stream `id`'s connection refused the push from `position` (and will refuse every later one
    /// until the stream writes): its stream takes its events from there.
    private func refused(_ id: Int, from position: Int) {
        self.state.withLockedValue { state -> CheckedContinuation<Next?, Never>? in
            guard state.subscribers[id]?.pusher != nil else { return nil }
            state.subscribers[id]?.pusher = nil
            state.subscribers[id]?.position = position
            state.subscribers[id]?.refused = true
            return state.parked.removeValue(forKey: id)
        }?.resume(returning: nil)
    }

    /// Has every stream write a heartbeat (pushed, or woken to write it), when `seconds` have passed
    /// since the last.
    public func beat(every seconds: Int) {
        let now = ContinuousClock.now
        let (waiters, pushes) = self.state.withLockedValue { state -> ([CheckedContinuation<Next?, Never>], [Push]) in
            guard now - state.lastBeat >= .seconds(seconds), !state.closed else { return ([], []) }
            state.lastBeat = now
            state.heartbeat += 1
            return (Self.takeWaiters(&state), Self.takePushes(&state, advancingBy: 0))
        }
        for waiter in waiters { waiter.resume(returning: nil) }
        self.push(pushes) { _ in Self.heartbeat }
    }

    /// Ends every stream (the server is draining: clients reconnect, to another instance); streams
    /// opened from now on end after their opening events.
    public func close() {
        let waiters = self.state.withLockedValue { state in
            state.closed = true
            defer { state.parked.removeAll() }
            return Self.takeWaiters(&state) + state.parked.values
        }
        for waiter in waiters { waiter.resume(returning: nil) }
    }

    /// A place for one more stream from `network`, or nil when `limits` are reached.
    public func subscribe(network: String, limits: Limits) -> Subscription? {
        let place = self.state.withLockedValue { state -> (id: Int, seq: Int, count: Int)? in
            guard state.subscribers.count < limits.streams, state.perNetwork[network, default: 0] < limits.perNetwork else { return nil }
            let id = state.nextID
            state.nextID += 1
            state.subscribers[id] = Subscriber(network: network, position: state.endPosition, heartbeat: state.heartbeat)
            state.perNetwork[network, default: 0] += 1
            return (id, state.tailSeq, state.subscribers.count)
        }
        guard let place else { return nil }
        self.openStreams.record(place.count)
        return Subscription(feed: self, id: place.id, seq: place.seq)
    }

    /// How many streams are open.
    public var streamCount: Int { self.state.withLockedValue { $0.subscribers.count } }

    /// How many of them keep up: the feed pushes their events.
    public var pushedStreamCount: Int { self.state.withLockedValue { $0.subscribers.values.count { $0.pusher != nil } } }

    fileprivate func unsubscribe(_ id: Int) {
        let count = self.state.withLockedValue { state -> Int in
            Self.takeWaiter(&state, id)?.resume(returning: nil)
            guard let subscriber = state.subscribers.removeValue(forKey: id) else { return state.subscribers.count }
            state.perNetwork[subscriber.network, default: 1] -= 1
            if state.perNetwork[subscriber.network] == 0 { state.perNetwork[subscriber.network] = nil }
            return state.subscribers.count
        }
        self.openStreams.record(count)
    }

    fileprivate func caughtUp(_ id: Int, through seq: Int) {
        self.state.withLockedValue { $0.subscribers[id]?.readThrough = seq }
    }

    fileprivate func attach(_ id: Int, _ connection: EventStream.Connection) {
        let alreadyDropped = self.state.withLockedValue { state -> Bool in
            state.subscribers[id]?.cutOff = connection.cutOff
            return state.subscribers[id]?.ended ?? true
        }
        if alreadyDropped { connection.cutOff() }
        connection.whenClosed { [weak self] in self?.left(id) }
    }

    /// Stream `id`'s client left: the stream stops waiting.
    private func left(_ id: Int) {
        self.state.withLockedValue { state in
            state.subscribers[id]?.ended = true
            return Self.takeWaiter(&state, id)
        }?.resume(returning: nil)
    }

    /// What stream `id` is to write next: events, a heartbeat, or nothing more; waits until there is
    /// one. Once it has caught up, the feed pushes its events with `pusher`, and it waits here until
    /// the end, or until its connection refuses a push.
    func next(_ id: Int, pusher: Pusher) async -> Next {
        while !Task.isCancelled {
            let next = await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    let next = self.state.withLockedValue { state -> Next? in
                        if let next = Self.take(&state, id, pusher) { return next }
                        if state.subscribers[id]?.pusher == nil { state.waiters[id] = continuation } else { state.parked[id] = continuation }
                        return nil
                    }
                    if let next { continuation.resume(returning: next) }
                }
            } onCancel: {
                self.state.withLockedValue { Self.takeWaiter(&$0, id) }?.resume(returning: nil)
            }
            if let next { return next }
        }
        return .ended
    }

    /// What stream `id` is to write now, or nil to wait: nil too once it has caught up, when the
    /// feed takes over its writing with `pusher`.
    private static func take(_ state: inout State, _ id: Int, _ pusher: Pusher) -> Next? {
        guard let subscriber = state.subscribers[id], !state.closed, !subscriber.ended else { return .ended }
        if subscriber.pusher != nil { return nil }
        if subscriber.position < state.firstPosition {
            state.subscribers[id]?.ended = true
            return .ended
        }
        let end = state.endPosition
        if subscriber.position < end {
            state.subscribers[id]?.position = end
            state.subscribers[id]?.refused = false
            return .events(Array(state.events[(subscriber.position - state.firstPosition)...]))
        }
        if subscriber.heartbeat != state.heartbeat || subscriber.refused {
            state.subscribers[id]?.heartbeat = state.heartbeat
            state.subscribers[id]?.refused = false
            return .heartbeat
        }
        // Pushes are not filtered by stream: none is made to a stream ahead of the tail.
        if state.tailSeq >= subscriber.readThrough { state.subscribers[id]?.pusher = pusher }
        return nil
    }

    private static func takeWaiters(_ state: inout State) -> [CheckedContinuation<Next?, Never>] {
        defer { state.waiters.removeAll(keepingCapacity: true) }
        return Array(state.waiters.values)
    }

    /// Stream `id`'s wait, if it waits.
    private static func takeWaiter(_ state: inout State, _ id: Int) -> CheckedContinuation<Next?, Never>? {
        state.waiters.removeValue(forKey: id) ?? state.parked.removeValue(forKey: id)
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
