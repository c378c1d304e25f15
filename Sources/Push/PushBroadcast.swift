public import Messages
public import Storage

/// Sending a notification on an administrator's behalf (`misc/push_send`, `endpoint push send`): one
/// rule for who it goes to and what metadata it carries, whoever asks.
public struct PushBroadcast: Sendable {
    /// Who asked: a member (the hook's caller) or the command line.
    public enum Sender: Sendable, Equatable {
        case member(id: Int, username: String)
        case commandLine
    }

    /// A notification to send.
    public struct Request: Sendable, Equatable {
        public var title: String
        public var body: String
        /// Extra data values; `notification_code` defaults to `push_send`.
        public var data: [String: String]
        public var target: PushTarget

        public init(title: String, body: String, data: [String: String] = [:], target: PushTarget) {
            self.title = title
            self.body = body
            self.data = data
            self.target = target
        }
    }

    /// The target member does not exist.
    public struct NoSuchMember: Error, Equatable {
        public init() {}
    }

    private let database: Database
    private let clock: SiteClock
    /// Whether a member exists (the accounts' rule, given by whoever builds this).
    private let memberExists: @Sendable (Int) async throws -> Bool

    public init(database: Database, clock: SiteClock, memberExists: @escaping @Sendable (Int) async throws -> Bool) {
        self.database = database
        self.clock = clock
        self.memberExists = memberExists
    }

    /// Queues `request` for its target's devices; returns how many. Throws ``NoSuchMember`` for a
    /// member that does not exist and ``PushQueue/TooLarge`` for an oversized notification.
    public func send(_ request: Request, from sender: Sender) async throws -> Int {
        if case .member(let id) = request.target, try await !self.memberExists(id) {
            throw NoSuchMember()
        }
        let now = self.clock.now
        return try await self.database.transaction { try await Self.queue(request, from: sender, on: $0, now: now) }
    }

    /// Queues `request` on `connection` (inside the caller's transaction, which records more with it);
    /// returns how many devices. The target member's existence is the caller's to check.
    public static func queue(_ request: Request, from sender: Sender, on connection: StoreConnection, now: Int) async throws -> Int {
        let notification = PushNotification(title: request.title, body: request.body, data: Self.data(request, from: sender))
        return try await PushQueue.enqueue(notification, to: request.target, on: connection, now: now)
    }

    /// The request's data with the Composr metadata (reference §6.4): `notification_code` unless given,
    /// `from_id` (`-1` for the command line), `from_username`, and `to_id` for one member.
    static func data(_ request: Request, from sender: Sender) -> [String: String] {
        var data = request.data
        data["notification_code"] = data["notification_code"] ?? "push_send"
        switch sender {
        case .member(let id, let username):
            data["from_id"] = String(id)
            data["from_username"] = username
        case .commandLine:
            data["from_id"] = "-1"
        }
        if case .member(let id) = request.target { data["to_id"] = String(id) }
        return data
    }
}

extension PushBroadcast.NoSuchMember: RefusalConvertible {
    public var refusal: Refusal {
        .notFound(.memberNoExist)
    }
}
