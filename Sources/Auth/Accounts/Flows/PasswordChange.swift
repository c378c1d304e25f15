public import Storage

/// Changing a member's password: the one rule the reset link, `endpoint member password` and
/// `content/commandr_fs` all follow.
///
/// The new password must meet the site's rules; it is stored as an Argon2id hash (any imported legacy
/// salt dropped) and every device session of the member ends, in the caller's transaction. Sessions
/// this instance remembers are forgotten once that transaction is committed.
public struct PasswordChange: Sendable {
    private let database: Database
    private let hasher: PasswordHasher
    private let sessions: SessionStore
    private let clock: SiteClock

    public init(database: Database, hasher: PasswordHasher, sessions: SessionStore, clock: SiteClock) {
        self.database = database
        self.hasher = hasher
        self.sessions = sessions
        self.clock = clock
    }

    /// The hash to store for `password`, once it meets `rules`.
    public func hash(_ password: String, rules: AccountRules) async throws -> String {
        do {
            try rules.check(password: password)
        } catch {
            throw AccountFailure(error)
        }
        return try await PasswordHasher.admitting { try await self.hasher.hash(password) }
    }

    /// Stores `hash` as `memberID`'s password and ends every session of the member, on `connection`;
    /// `confirmingEmail` also marks the address confirmed (a reset link proved it). Call
    /// ``committed(memberID:)`` after the transaction. Returns how many sessions ended.
    @discardableResult
    public static func apply(hash: String, memberID: Int, confirmingEmail: Bool = false, on connection: StoreConnection, now: Int) async throws
        -> Int
    {
        try await MemberStore.setPasswordHash(hash, memberID: memberID, confirmingEmail: confirmingEmail, on: connection)
        return try await DeviceSessionStore.revokeAll(memberID: memberID, now: now, on: connection)
    }

    /// Forgets the member's sessions this instance remembers, once a change is committed.
    public func committed(memberID: Int) {
        self.sessions.forgetCached(memberID: memberID)
    }

    /// The whole change in a transaction of its own; returns how many device sessions ended.
    @discardableResult
    public func change(memberID: Int, to password: String, rules: AccountRules) async throws -> Int {
        let hash = try await self.hash(password, rules: rules)
        let now = self.clock.now
        let ended = try await self.database.transaction { try await Self.apply(hash: hash, memberID: memberID, on: $0, now: now) }
        self.committed(memberID: memberID)
        return ended
    }
}
