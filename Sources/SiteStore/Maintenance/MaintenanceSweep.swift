import SQLKit

/// Deletes the rows nothing will read again, so tables stop growing: sessions that ended (revoked,
/// expired, or idle past the policy), account codes a week past their expiry, rate events and rate
/// windows older than any window counts them, mail and push outbox rows sent or failed longer ago than
/// the retention (and blanks the link codes finished mails from before secrets were kept apart still
/// hold), push tokens no device has registered for longer than their retention, accounts
/// whose address was never confirmed within their retention (freeing the username and address), and
/// news changes older than the sync retention (``NewsChangeLog``: tokens that old get a reset).
///
/// One sweep is one transaction. On PostgreSQL it first takes a transaction-level advisory lock, so
/// when several instances sweep at the same moment only one does the work and the others skip.
public struct MaintenanceSweep: Sendable {
    /// What one sweep removed, table by table (nil: another instance was sweeping).
    public struct Removed: Sendable, Equatable {
        public var sessions = 0
        public var accountCodes = 0
        public var rateEvents = 0
        public var mail = 0
        public var pushes = 0
        public var deviceTokens = 0
        public var pendingMembers = 0
        public var newsChanges = 0

        public init() {}

        /// `table: count` pairs in a stable order, for the log and the command line.
        public var counts: [(table: String, count: Int)] {
            [
                ("device_sessions", self.sessions), ("account_codes", self.accountCodes), ("rate_events", self.rateEvents),
                ("mail_outbox", self.mail), ("push_outbox", self.pushes), ("device_tokens", self.deviceTokens),
                ("members", self.pendingMembers), ("news_changes", self.newsChanges),
            ]
        }
    }

    /// How long rows are kept past the point where nothing reads them.
    public struct Retention: Sendable {
        /// Sent and failed outbox rows (config `outbox_retention_days`).
        public var outboxSeconds: Int
        /// Sessions unused for this long are over even before they expire (the session policy's idle limit).
        public var sessionIdleSeconds: Int
        /// Rate events, past the longest window any limit counts (an hour) with a margin.
        public var rateEventSeconds = 24 * 3600
        /// Account codes, used or not, past their expiry: until then a link opened again says "already
        /// confirmed" or "already used" rather than "incorrect code" (which also counts as a guess).
        public var accountCodeSeconds = 7 * 24 * 3600
        /// The news change log (config `news_sync_retention_days`).
        public var newsChangeSeconds: Int
        /// Push tokens not registered again for this long (config `push_token_retention_days`): the
        /// services expire tokens of devices that stopped checking in, and apps register theirs at
        /// every start.
        public var deviceTokenSeconds: Int
        /// Accounts still waiting for their address to be confirmed this long after joining (config
        /// `pending_account_days`): their name and address are free again.
        public var pendingMemberSeconds: Int

        /// The retention `options` set; `sessionIdleSeconds` is the session policy's.
        public init(options: ConfigOptions, sessionIdleSeconds: Int) {
            self.outboxSeconds = options.integer(.outboxRetentionDays) * 86_400
            self.sessionIdleSeconds = sessionIdleSeconds
            self.newsChangeSeconds = options.integer(.newsSyncRetentionDays) * 86_400
            self.deviceTokenSeconds = options.integer(.pushTokenRetentionDays) * 86_400
            self.pendingMemberSeconds = options.integer(.pendingAccountDays) * 86_400
        }
    }

    /// The advisory lock key that makes sweeps on one PostgreSQL database one at a time ("sweep").
    public static let advisoryLockKey: Int64 = 0x7377_6565_70

    let database: Database

    public init(database: Database) {
        self.database = database
    }

    /// Sweeps once as of `now`; nil when another instance holds the sweep lock.
    public func run(retention: Retention, now: Int = UnixTime.now) async throws -> Removed? {
        try await self.database.transaction { connection in
            if self.database.engine == .postgres {
                let locked = try await connection.raw("SELECT pg_try_advisory_xact_lock(\(bind: Self.advisoryLockKey)) AS locked").first()?
                    .decode(column: "locked", as: Bool.self)
                guard locked == true else { return nil }
            }
            var removed = Removed()
            removed.sessions = try await Self.delete(
                from: "device_sessions",
                where: """
                    revoked_at IS NOT NULL OR expires_at <= \(bind: now) OR last_used_at <= \(bind: now - retention.sessionIdleSeconds)
                    """, on: connection)
            removed.accountCodes = try await Self.delete(
                from: "account_codes", where: "expires_at <= \(bind: now - retention.accountCodeSeconds)", on: connection
            )
            removed.rateEvents = try await Self.delete(
                from: "rate_events", where: "happened_at < \(bind: now - retention.rateEventSeconds)", on: connection
            )
            try await connection.raw("DELETE FROM rate_windows WHERE window_start < \(bind: now - retention.rateEventSeconds)").run()
            removed.deviceTokens = try await Self.delete(
                from: "device_tokens", where: "last_seen_at < \(bind: now - retention.deviceTokenSeconds)", on: connection
            )
            let finished: SQLQueryString = "status IN ('sent', 'failed') AND created_at < \(bind: now - retention.outboxSeconds)"
            removed.mail = try await Self.delete(from: "mail_outbox", where: finished, on: connection)
            _ = try await MailOutbox.blankLegacyLinks(on: connection)
            removed.pushes = try await Self.delete(from: "push_outbox", where: finished, on: connection)
            removed.pendingMembers = try await MemberStore.deletePending(joinedBefore: now - retention.pendingMemberSeconds, on: connection)
            removed.newsChanges = try await NewsChangeLog.sweep(before: now - retention.newsChangeSeconds, on: connection)
            return removed
        }
    }

    /// Deletes the rows of `table` matching `condition` and says how many there were (counted first in
    /// the same transaction, rather than returned one by one: a first sweep may remove millions).
    private static func delete(from table: String, where condition: SQLQueryString, on connection: StoreConnection) async throws -> Int {
        let count =
            try await connection.raw("SELECT count(*) AS removed FROM \(unsafeRaw: table) WHERE \(condition)").first()?
            .decode(column: "removed", as: Int.self) ?? 0
        if count > 0 { try await connection.raw("DELETE FROM \(unsafeRaw: table) WHERE \(condition)").run() }
        return count
    }
}
