import Foundation
import SQLKit
public import Storage

/// This server process as the holder of outbox leases: the `lease_owner` its mail, push and video workers
/// lease rows under, registered in `lease_holders` with its instance's identity and a heartbeat.
///
/// A lease normally lasts a minute (longer than one send can take). Three rules make a dead holder's
/// rows come back sooner without ever letting two live workers hold a row:
/// - on start (``register(now:)``) a process takes back the leases of the holders it replaces: on
///   SQLite, where one server uses the file, every lease older than the process; on PostgreSQL, those
///   of earlier processes of its own instance;
/// - a holder whose heartbeat is more than ``deadAfterSeconds`` old is dead: ``LeasedQueue`` lets its
///   rows be claimed again (the holder, should it wake, loses them at its next renewal);
/// - a process that stops cleanly gives its leases back (``release()``).
public struct LeaseHolder: Sendable {
    /// How often a running process renews its heartbeat.
    public static let heartbeatSeconds = 2
    /// How long a holder may miss its heartbeat before its leases may be taken over: several beats, so
    /// a busy moment (a slow statement, a pause of the process) is not taken for a death.
    public static let deadAfterSeconds = 10
    /// Holder rows kept this long after their last beat (their leases ran out long before).
    static let forgottenAfterSeconds = 86_400
    /// The tables whose rows are leased.
    private static let leasedTables = ["mail_outbox", "push_outbox", "video_jobs"]

    /// The instance's identity: the same for every process of one instance (its restarts).
    public let instance: String
    /// The lease owner: the instance and this process, so a process never renews an earlier one's lease.
    public let owner: String

    public init(instance: String) {
        self.instance = instance
        self.owner = "\(instance)/\(UUID().uuidString)"
    }

    /// Registers this process as of `now` and takes back the leases of the holders it replaces (see the
    /// type's rules), on `connection` (in a transaction); returns how many outbox rows were taken back.
    @discardableResult
    public func register(now: Int, on connection: StoreConnection) async throws -> Int {
        let sqlite = !connection.isPostgres
        let replaced: SQLQueryString = sqlite ? "holder <> \(bind: self.owner)" : "instance = \(bind: self.instance) AND holder <> \(bind: self.owner)"
        let theirs: SQLQueryString = sqlite ? "lease_owner <> \(bind: self.owner)" : "lease_owner IN (SELECT holder FROM lease_holders WHERE \(replaced))"
        let takenBack = try await Self.clearLeases(where: theirs, on: connection)
        try await connection.raw("DELETE FROM lease_holders WHERE \(replaced) OR heartbeat_at < \(bind: now - Self.forgottenAfterSeconds)").run()
        try await self.beat(now: now, on: connection)
        return takenBack
    }

    /// Gives back every lease this process holds and forgets it, on `connection` (in a transaction):
    /// its rows are due at once for any worker. Called once its workers have stopped.
    @discardableResult
    public func release(on connection: StoreConnection) async throws -> Int {
        let released = try await Self.clearLeases(where: "lease_owner = \(bind: self.owner)", on: connection)
        try await connection.raw("DELETE FROM lease_holders WHERE holder = \(bind: self.owner)").run()
        return released
    }

    /// Clears the leases matching `condition` in every leased table; returns how many rows it freed.
    private static func clearLeases(where condition: SQLQueryString, on connection: StoreConnection) async throws -> Int {
        var cleared = 0
        for table in Self.leasedTables {
            cleared += try await connection.raw(
                "UPDATE \(unsafeRaw: table) SET lease_owner = NULL, lease_until = NULL WHERE \(condition) RETURNING id"
            ).all().count
        }
        return cleared
    }

    /// Renews the heartbeat on `connection` (registering again should a row have gone).
    public func beat(now: Int, on connection: StoreConnection) async throws {
        try await connection.raw(
            """
            INSERT INTO lease_holders (holder, instance, heartbeat_at) VALUES (\(bind: self.owner), \(bind: self.instance), \(bind: now))
            ON CONFLICT (holder) DO UPDATE SET heartbeat_at = excluded.heartbeat_at
            """
        ).run()
    }

    /// The condition under which a row of a leased table may be claimed as of `now`: not leased, its
    /// lease run out, or its holder dead.
    static func claimable(now: Int) -> SQLQueryString {
        """
        (lease_until IS NULL OR lease_until < \(bind: now)
        OR lease_owner IN (SELECT holder FROM lease_holders WHERE heartbeat_at < \(bind: now - Self.deadAfterSeconds)))
        """
    }
}
