import SQLKit
public import Storage

/// The accounts' part of the maintenance sweep.
public enum AccountSweep {
    /// Sessions that ended: revoked, expired, or unused for `idleSeconds` (the session policy's
    /// idle limit: over even before they expire).
    public static func sessions(idleSeconds: Int) -> MaintenanceSweep.Step {
        .deleting(from: "device_sessions") { now in
            "revoked_at IS NOT NULL OR expires_at <= \(bind: now) OR last_used_at <= \(bind: now - idleSeconds)"
        }
    }

    /// Account codes, used or not, `seconds` past their expiry (a week): until then a link opened
    /// again says "already confirmed" or "already used" rather than "incorrect code" (which also
    /// counts as a guess).
    public static func accountCodes(pastExpiryBy seconds: Int = 7 * 24 * 3600) -> MaintenanceSweep.Step {
        .deleting(from: "account_codes") { now in "expires_at <= \(bind: now - seconds)" }
    }

    /// Accounts still waiting for their address to be confirmed `seconds` after joining (config
    /// `pending_account_days`): their name and address are free again.
    public static func pendingMembers(afterSeconds seconds: Int) -> MaintenanceSweep.Step {
        MaintenanceSweep.Step(table: "members") { now, connection in
            try await MemberStore.deletePending(joinedBefore: now - seconds, on: connection)
        }
    }
}
