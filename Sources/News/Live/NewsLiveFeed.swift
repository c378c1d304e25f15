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
/// shared backlog of the latest events. Each stream takes the events after its own position and
/// writes them; a stream whose client reads too slowly stays behind, and once the backlog has moved
/// past it, it is cut off (its connection closed): it resumes from its last event's ID, and memory
/// stays bounded by the backlog whatever the clients do. Streams wait for events without timers of
/// their own: heartbeats (``beat(every:)``) and the end (``close()``, when the server drains) wake them all.
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

    /// What a stream waiting for events is woken with.
    enum Next {
        /// Events from its position on, and the position after them.
        case events([NewsLiveEvent], next: Int)
        /// A heartbeat is due: the stream writes a comment, so proxies see it alive.
        case heartbeat(Int)
        /// The server is draining, or the stream was cut off.
        case ended
    }

    private struct Subscriber {
        var network: String
        /// The position up to which its events were written (the next it asks for).
        var position: Int
        var cutOff: (@Sendable () -> Void)?
        /// Cut off, or its client left: it stops at its next wait.
        var ended = false
    }

    private struct State {
        /// The backlog: the latest events, `events[0]` at position `firstPosition`.
        var events: [NewsLiveEvent] = []
        var firstPosition = 0
        var endPosition: Int { self.firstPosition + self.events.count }
        /// The change-log number the backlog reflects.
        var tailSeq: Int
        var subscribers: [Int: Subscriber] = [:]
        /// The streams waiting for something to send, by ID (apart, so waking them all touches
        /// nothing else).
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
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

    /// Appends `events` (the log read after `seq`, up to `through`) to the backlog, cuts off the
    /// streams it left behind and wakes the others.
    private func publish(_ events: [NewsLiveEvent], through: Int, after seq: Int) async {
        let capacity = max(1, await self.backlog())
        let (waiters, cutOffs) = self.state.withLockedValue { state -> ([CheckedContinuation<Void, Never>], [@Sendable () -> Void]) in
            guard state.tailSeq == seq else { return ([], []) }
            state.tailSeq = through
            // Nothing to send (a quiet second, or only drafts changed): no stream is woken.
            guard !events.isEmpty else { return ([], []) }
            state.events += events
            if state.events.count > capacity {
                let evicted = state.events.count - capacity
                state.events.removeFirst(evicted)
                state.firstPosition += evicted
            }
            var cutOffs: [@Sendable () -> Void] = []
            for (id, subscriber) in state.subscribers where !subscriber.ended && subscriber.position < state.firstPosition {
                state.subscribers[id]?.ended = true
                if let cutOff = subscriber.cutOff { cutOffs.append(cutOff) }
            }
            return (Self.takeWaiters(&state), cutOffs)
        }
        for waiter in waiters { waiter.resume() }
        if !cutOffs.isEmpty {
            self.readersDropped.increment(by: cutOffs.count)
            self.logger.notice("live news readers too slow: cut off", metadata: ["streams": "\(cutOffs.count)"])
        }
        for cutOff in cutOffs { cutOff() }
    }

    /// Wakes every stream to write a heartbeat, when `seconds` have passed since the last.
    public func beat(every seconds: Int) {
        let now = ContinuousClock.now
        let waiters = self.state.withLockedValue { state -> [CheckedContinuation<Void, Never>] in
            guard now - state.lastBeat >= .seconds(seconds) else { return [] }
            state.lastBeat = now
            state.heartbeat += 1
            return Self.takeWaiters(&state)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Ends every stream (the server is draining: clients reconnect, to another instance); streams
    /// opened from now on end after their opening events.
    public func close() {
        let waiters = self.state.withLockedValue { state in
            state.closed = true
            return Self.takeWaiters(&state)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// A place for one more stream from `network`, or nil when `limits` are reached.
    public func subscribe(network: String, limits: Limits) -> Subscription? {
        let place = self.state.withLockedValue { state -> (id: Int, position: Int, seq: Int, count: Int)? in
            guard state.subscribers.count < limits.streams, state.perNetwork[network, default: 0] < limits.perNetwork else { return nil }
            let id = state.nextID
            state.nextID += 1
            state.subscribers[id] = Subscriber(network: network, position: state.endPosition)
            state.perNetwork[network, default: 0] += 1
            return (id, state.endPosition, state.tailSeq, state.subscribers.count)
        }
        guard let place else { return nil }
        self.openStreams.record(place.count)
        return Subscription(feed: self, id: place.id, position: place.position, seq: place.seq, heartbeat: self.state.withLockedValue { $0.heartbeat })
    }

    /// How many streams are open.
    public var streamCount: Int { self.state.withLockedValue { $0.subscribers.count } }

    fileprivate func unsubscribe(_ id: Int) {
        let count = self.state.withLockedValue { state -> Int in
            state.waiters.removeValue(forKey: id)?.resume()
            guard let subscriber = state.subscribers.removeValue(forKey: id) else { return state.subscribers.count }
            state.perNetwork[subscriber.network, default: 1] -= 1
            if state.perNetwork[subscriber.network] == 0 { state.perNetwork[subscriber.network] = nil }
            return state.subscribers.count
        }
        self.openStreams.record(count)
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
            return state.waiters.removeValue(forKey: id)
        }?.resume()
    }

    /// The events after `position` (everything before it written), a heartbeat newer than
    /// `heartbeat`, or the end; waits until there is one.
    func next(_ id: Int, after position: Int, heartbeat: Int) async -> Next {
        while true {
            if let next = self.state.withLockedValue({ Self.ready(&$0, id, position, heartbeat) }) { return next }
            await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    let ready = self.state.withLockedValue { state -> Bool in
                        if Task.isCancelled || Self.ready(&state, id, position, heartbeat) != nil || state.subscribers[id] == nil { return true }
                        state.waiters[id] = continuation
                        return false
                    }
                    if ready { continuation.resume() }
                }
            } onCancel: {
                self.state.withLockedValue { $0.waiters.removeValue(forKey: id) }?.resume()
            }
            if Task.isCancelled { return .ended }
        }
    }

    /// What stream `id` at `position` is to do now, or nil to wait; notes its position (everything
    /// before it written).
    private static func ready(_ state: inout State, _ id: Int, _ position: Int, _ heartbeat: Int) -> Next? {
        guard let subscriber = state.subscribers[id], !state.closed, !subscriber.ended else { return .ended }
        state.subscribers[id]?.position = position
        if position < state.firstPosition {
            state.subscribers[id]?.ended = true
            return .ended
        }
        if position < state.endPosition { return .events(Array(state.events[(position - state.firstPosition)...]), next: state.endPosition) }
        if state.heartbeat != heartbeat { return .heartbeat(state.heartbeat) }
        return nil
    }

    private static func takeWaiters(_ state: inout State) -> [CheckedContinuation<Void, Never>] {
        defer { state.waiters.removeAll(keepingCapacity: true) }
        return Array(state.waiters.values)
    }

    /// One open stream's place in the feed: where it joined (the backlog's position, and the log's
    /// number the backlog had reached), given back when the stream ends (or, if it never starts,
    /// when this is released).
    public final class Subscription: Sendable {
        let feed: NewsLiveFeed
        let id: Int
        let position: Int
        let seq: Int
        let heartbeat: Int

        fileprivate init(feed: NewsLiveFeed, id: Int, position: Int, seq: Int, heartbeat: Int) {
            self.feed = feed
            self.id = id
            self.position = position
            self.seq = seq
            self.heartbeat = heartbeat
        }

        /// The stream's connection: cut when its reader falls too far behind; its closing ends the
        /// stream's wait.
        func attach(_ connection: EventStream.Connection) {
            self.feed.attach(self.id, connection)
        }

        deinit {
            self.feed.unsubscribe(self.id)
        }
    }
}
