import NIOCore

/// The live feed's state as a plain value (``NewsLiveFeed`` drives it under its lock): every input is
/// a method and every output what it returns — which streams to wake, which connections to push to,
/// which to cut off — so each rule is tested on its own (`NewsLiveFeedStateTests`) and times come from
/// the site's clock, never read here.
///
/// The backlog keeps the latest events; a stream's position is the backlog position of its next
/// event. A stream that keeps up is pushed to by the feed (its ``Pusher``); one that is behind takes
/// its events from the backlog (``take(_:pusher:)``) until it has caught up; one the backlog has left
/// behind is cut off and ends.
struct NewsLiveFeedState {
    /// What a stream is to write next.
    enum Next: Equatable {
        /// Events from its position on.
        case events([NewsLiveEvent])
        /// A heartbeat is due, or it must write before it is pushed to again (its connection refused a push).
        case heartbeat
        /// The server is draining, or the stream was cut off or its client left.
        case ended

        static func == (left: Next, right: Next) -> Bool {
            switch (left, right) {
            case (.events(let a), .events(let b)): a.map(\.seq) == b.map(\.seq)
            case (.heartbeat, .heartbeat), (.ended, .ended): true
            default: false
            }
        }
    }

    /// How the feed writes to a stream that keeps up: the stream's view, and its connection's push
    /// (which calls its second argument if the connection refuses).
    struct Pusher: Sendable {
        let view: NewsLiveView
        let push: @Sendable (ByteBuffer, @escaping @Sendable () -> Void) -> Void
    }

    /// A write the feed makes to a stream that keeps up, from its position `from`.
    struct Push {
        let id: Int
        let from: Int
        let pusher: Pusher
    }

    /// What appending events to the backlog asks of the feed.
    struct Published {
        /// The streams waiting to write, woken to take the new events.
        var wake: [Int] = []
        /// The streams that keep up, pushed the new events.
        var pushes: [Push] = []
        /// The connections of streams left behind, closed.
        var cutOffs: [@Sendable () -> Void] = []
    }

    private struct Subscriber {
        var network: String
        var position: Int
        /// The heartbeat it last wrote.
        var heartbeat: Int
        /// Set while it keeps up: the feed pushes its events.
        var pusher: Pusher?
        /// Its connection refused a push: it writes before it is pushed to again.
        var refused = false
        var cutOff: (@Sendable () -> Void)?
        /// Cut off, or its client left: it stops at its next wait.
        var ended = false
        /// The change-log number it caught up to from the log itself (resuming from a token the
        /// tail had not reached): it is pushed nothing until the tail passes it.
        var readThrough = 0
    }

    /// The most bytes the backlog's events keep (their renderings): past it the oldest go, whatever
    /// the count allows.
    static let backlogBytes = 32 << 20

    private var events: [NewsLiveEvent] = []
    private var firstPosition = 0
    private var endPosition: Int { self.firstPosition + self.events.count }
    /// The change-log number the backlog reflects.
    private(set) var tailSeq: Int
    private var subscribers: [Int: Subscriber] = [:]
    private var perNetwork: [String: Int] = [:]
    /// Streams waiting for something to write, and streams pushed to, waiting for the end.
    private var waiting: Set<Int> = []
    private var parked: Set<Int> = []
    private var nextID = 0
    private var heartbeat = 0
    private var lastBeat: Duration
    private(set) var closed = false

    /// A feed whose tail is at `tailSeq`, started at `now` (the site clock's monotonic reading).
    init(tailSeq: Int, now: Duration) {
        self.tailSeq = tailSeq
        self.lastBeat = now
    }

    var streamCount: Int { self.subscribers.count }
    var pushedStreamCount: Int { self.subscribers.values.count { $0.pusher != nil } }
    var hasStreams: Bool { !self.subscribers.isEmpty }

    // MARK: The tail

    /// The log ends at `latest` and no stream is open: the backlog starts again there.
    mutating func skip(to latest: Int) {
        guard self.subscribers.isEmpty, latest > self.tailSeq else { return }
        self.tailSeq = latest
        self.firstPosition = self.endPosition
        self.events = []
    }

    /// `events`, the log read after `seq` up to `through`, appended to a backlog of at most
    /// `capacity` events and ``backlogBytes``; nothing when the tail has moved meanwhile, nothing woken
    /// when there is nothing to send (a quiet second, or only drafts changed).
    mutating func publish(_ events: [NewsLiveEvent], through: Int, after seq: Int, capacity: Int) -> Published {
        guard self.tailSeq == seq else { return Published() }
        self.tailSeq = through
        guard !events.isEmpty, !self.closed else { return Published() }
        var published = Published(pushes: self.takePushes(advancingBy: events.count))
        self.events += events
        let evicted = Self.evictions(self.events, capacity: capacity)
        if evicted > 0 {
            self.events.removeFirst(evicted)
            self.firstPosition += evicted
        }
        for (id, subscriber) in self.subscribers where !subscriber.ended && subscriber.position < self.firstPosition {
            self.subscribers[id]?.ended = true
            if let cutOff = subscriber.cutOff { published.cutOffs.append(cutOff) }
        }
        published.wake = self.takeWaiting()
        return published
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

    /// At `now` (the site clock's monotonic reading), a heartbeat when `seconds` have passed since the
    /// last (or the start): every waiting stream woken, every pushed one pushed it.
    mutating func beat(at now: Duration, every seconds: Int) -> (wake: [Int], pushes: [Push]) {
        guard now - self.lastBeat >= .seconds(seconds), !self.closed else { return ([], []) }
        self.lastBeat = now
        self.heartbeat += 1
        return (self.takeWaiting(), self.takePushes(advancingBy: 0))
    }

    /// The server is draining: every stream waiting or pushed to is woken to end.
    mutating func close() -> [Int] {
        self.closed = true
        defer { self.parked.removeAll() }
        return self.takeWaiting() + self.parked
    }

    // MARK: Streams

    /// A place for one more stream from `network` (its ID, and the change-log number the backlog
    /// reached), or nil past the limits.
    mutating func subscribe(network: String, limits: NewsLiveFeed.Limits) -> (id: Int, seq: Int)? {
        guard self.subscribers.count < limits.streams, self.perNetwork[network, default: 0] < limits.perNetwork else { return nil }
        let id = self.nextID
        self.nextID += 1
        self.subscribers[id] = Subscriber(network: network, position: self.endPosition, heartbeat: self.heartbeat)
        self.perNetwork[network, default: 0] += 1
        return (id, self.tailSeq)
    }

    /// Stream `id` ended: its place is given back; true when it was waiting (to be woken).
    mutating func unsubscribe(_ id: Int) -> Bool {
        let waited = self.stopWaiting(id)
        guard let subscriber = self.subscribers.removeValue(forKey: id) else { return waited }
        self.perNetwork[subscriber.network, default: 1] -= 1
        if self.perNetwork[subscriber.network] == 0 { self.perNetwork[subscriber.network] = nil }
        return waited
    }

    /// Stream `id`'s connection, cut off with `cutOff` when its reader falls behind; true when the
    /// stream already ended (the caller cuts it off at once).
    mutating func attach(_ id: Int, cutOff: @escaping @Sendable () -> Void) -> Bool {
        self.subscribers[id]?.cutOff = cutOff
        return self.subscribers[id]?.ended ?? true
    }

    /// Stream `id` wrote every change up to `seq`, read from the log: it is pushed nothing until the
    /// tail is past that.
    mutating func caughtUp(_ id: Int, through seq: Int) {
        self.subscribers[id]?.readThrough = seq
    }

    /// Stream `id`'s client left; true when it was waiting (to be woken).
    mutating func left(_ id: Int) -> Bool {
        self.subscribers[id]?.ended = true
        return self.stopWaiting(id)
    }

    /// Stream `id`'s connection refused the push from `position` (and will refuse every later one
    /// until the stream writes): it takes its events from there; true when it was parked (to be woken).
    mutating func refused(_ id: Int, from position: Int) -> Bool {
        guard self.subscribers[id]?.pusher != nil else { return false }
        self.subscribers[id]?.pusher = nil
        self.subscribers[id]?.position = position
        self.subscribers[id]?.refused = true
        return self.parked.remove(id) != nil
    }

    /// What stream `id` is to write now; nil to wait (``wait(_:)``) — nil too once it has caught up,
    /// when the feed takes over its writing with `pusher`.
    mutating func take(_ id: Int, pusher: Pusher) -> Next? {
        guard let subscriber = self.subscribers[id], !self.closed, !subscriber.ended else { return .ended }
        if subscriber.pusher != nil { return nil }
        if subscriber.position < self.firstPosition {
            self.subscribers[id]?.ended = true
            return .ended
        }
        let end = self.endPosition
        if subscriber.position < end {
            self.subscribers[id]?.position = end
            self.subscribers[id]?.refused = false
            return .events(Array(self.events[(subscriber.position - self.firstPosition)...]))
        }
        if subscriber.heartbeat != self.heartbeat || subscriber.refused {
            self.subscribers[id]?.heartbeat = self.heartbeat
            self.subscribers[id]?.refused = false
            return .heartbeat
        }
        // Pushes are not filtered by stream: none is made to a stream ahead of the tail.
        if self.tailSeq >= subscriber.readThrough { self.subscribers[id]?.pusher = pusher }
        return nil
    }

    /// Stream `id` waits: for something to write, or (pushed to) for the end.
    mutating func wait(_ id: Int) {
        if self.subscribers[id]?.pusher == nil { self.waiting.insert(id) } else { self.parked.insert(id) }
    }

    /// Stream `id` no longer waits (its task was cancelled); true when it was waiting.
    mutating func stopWaiting(_ id: Int) -> Bool {
        self.waiting.remove(id) != nil || self.parked.remove(id) != nil
    }

    private mutating func takeWaiting() -> [Int] {
        defer { self.waiting.removeAll(keepingCapacity: true) }
        return Array(self.waiting)
    }

    /// The streams pushed to, their positions moved `count` on.
    private mutating func takePushes(advancingBy count: Int) -> [Push] {
        var pushes: [Push] = []
        for (id, subscriber) in self.subscribers where !subscriber.ended {
            guard let pusher = subscriber.pusher else { continue }
            pushes.append(Push(id: id, from: subscriber.position, pusher: pusher))
            self.subscribers[id]?.position += count
            self.subscribers[id]?.heartbeat = self.heartbeat
        }
        return pushes
    }
}
