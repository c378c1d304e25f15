import CoreMetrics
import EndpointCore
import NIOCore
import Storage

/// One client's live stream: where it starts (the sync token it resumes from — `Last-Event-ID` or
/// `since` —, else the log's newest change), the changes it missed since then, then every change
/// as the feed publishes it, until the server drains, the client leaves or falls too far behind.
///
/// Nothing is sent twice or missed: the stream joins the feed before it reads what it missed, up
/// to the change the feed's backlog started from, and skips any event it is already past.
struct NewsLiveStream: Sendable {
    /// The stream's first lines: how long a client waits before reconnecting (milliseconds).
    static let retryMilliseconds = 3000
    private static let retry = ByteBuffer(string: "retry: \(Self.retryMilliseconds)\n\n")

    let subscription: NewsLiveFeed.Subscription
    let view: NewsLiveView
    /// Where the client resumes from.
    let resumeFrom: Resume

    enum Resume: Sendable {
        /// It gave no token: the stream starts at the log's newest change.
        case start
        /// Its token: resumed from when the log still holds what came after it, else a reset.
        case token(SyncToken)
        /// What it gave is no token: a reset, as for a token too old.
        case unreadable
    }

    init(subscription: NewsLiveFeed.Subscription, view: NewsLiveView, resumeFrom: Resume) {
        self.subscription = subscription
        self.view = view
        self.resumeFrom = resumeFrom
    }

    /// The stream as the server writes it.
    var answer: EventStream {
        EventStream { send, connection in
            try await self.run(send: send, connection: connection)
        }
    }

    private func run(send: ([ByteBuffer]) async throws -> Void, connection: EventStream.Connection) async throws {
        let feed = self.subscription.feed
        self.subscription.attach(connection)
        let opening = try await self.read { try await self.opening(on: $0) }
        try await send([Self.retry] + opening.events.map { $0.bytes(for: self.view) })
        var position = opening.start
        while position < self.subscription.seq {
            let batch = try await self.read { [position] in try await feed.log.events(after: position, through: self.subscription.seq, on: $0) }
            try await self.send(batch.events, send)
            position = batch.readThrough
        }
        self.subscription.caughtUp(through: position)
        let pusher = NewsLiveFeed.Pusher(view: self.view, push: connection.push)
        while true {
            switch await feed.next(self.subscription.id, pusher: pusher) {
            case .events(let events):
                try await self.send(events.filter { $0.seq > position }, send)
                position = max(position, events.last?.seq ?? position)
            case .heartbeat:
                try await send([NewsLiveFeed.heartbeat])
            case .ended:
                return
            }
        }
    }

    /// What `body` reads on one pooled connection, read in a child task: a database driver's frames go
    /// deep, and the stream's task, which lives as long as the stream, would keep them (``ChildTask``).
    private func read<Result: Sendable>(_ body: @escaping @Sendable (StoreConnection) async throws -> Result) async throws -> Result {
        try await ChildTask.run { [database = self.subscription.feed.database] in try await database.withConnection(body) }
    }

    /// Where the stream starts and its first events: the category list as of then — unless the client
    /// resumes after one (its token has no category list pending: it has the list), — after a `reset`
    /// when the client's token cannot be resumed from (another database's, older than the log's
    /// retention or than the feed's longest resume, newer than its end, or unreadable).
    private func opening(on connection: StoreConnection) async throws -> (start: Int, events: [NewsLiveEvent]) {
        let log = self.subscription.feed.log
        let state = try await NewsChangeLog.state(on: connection)
        let oldest = max(state.sweptThrough, state.latest - (await self.subscription.feed.longestResume()))
        switch self.resumeFrom {
        case .token(let token) where token.databaseID == state.databaseID && token.seq >= oldest && token.seq <= state.latest:
            return (token.seq, token.categoriesPending ? [try await log.categories(at: token.seq, on: connection)] : [])
        case .start:
            return (state.latest, [try await log.categories(at: state.latest, on: connection)])
        case .token, .unreadable:
            return (state.latest, [log.reset(at: state.latest), try await log.categories(at: state.latest, on: connection)])
        }
    }

    private func send(_ events: [NewsLiveEvent], _ send: ([ByteBuffer]) async throws -> Void) async throws {
        guard !events.isEmpty else { return }
        try await send(events.map { $0.bytes(for: self.view) })
        self.subscription.feed.eventsSent.increment(by: events.count)
    }
}
