import SQLKit
public import Storage

/// Reads and writes `member_second_factors` and `member_recovery_codes` (``SecondFactor``'s rules).
enum SecondFactorStore {
    struct Key {
        let secret: String
        let confirmed: Bool
    }

    static func key(memberID: Int, on connection: StoreConnection) async throws -> Key? {
        try await connection.raw(
            "SELECT secret, confirmed_at FROM member_second_factors WHERE member_id = \(bind: memberID)"
        ).first().map { row in
            Key(
                secret: try row.decode(column: "secret", as: String.self), confirmed: try row.decode(column: "confirmed_at", as: Int?.self) != nil)
        }
    }

    /// Replaces the member's key with `secret`, not yet confirmed.
    static func setPending(_ secret: String, memberID: Int, on connection: StoreConnection) async throws {
        try await self.remove(memberID: memberID, on: connection)
        try await connection.raw(
            "INSERT INTO member_second_factors (member_id, secret, confirmed_at, last_step) VALUES (\(bind: memberID), \(bind: secret), NULL, 0)"
        ).run()
    }

    /// Keeps the member's key, confirmed at `time` by a code of time step `step`, with `codeHashes`
    /// as their recovery codes.
    static func confirm(memberID: Int, at time: Int, step: Int, codeHashes: [String], on connection: StoreConnection) async throws {
        try await connection.raw(
            "UPDATE member_second_factors SET confirmed_at = \(bind: time), last_step = \(bind: step) WHERE member_id = \(bind: memberID)"
        ).run()
        try await connection.raw("DELETE FROM member_recovery_codes WHERE member_id = \(bind: memberID)").run()
        for hash in codeHashes {
            try await connection.raw("INSERT INTO member_recovery_codes (member_id, code_hash) VALUES (\(bind: memberID), \(bind: hash))").run()
        }
    }

    /// Records that a code of time step `step` was taken, if it is later than the last one; whether it was.
    static func advance(memberID: Int, to step: Int, on connection: StoreConnection) async throws -> Bool {
        try await connection.raw(
            """
            UPDATE member_second_factors SET last_step = \(bind: step)
            WHERE member_id = \(bind: memberID) AND last_step < \(bind: step) AND confirmed_at IS NOT NULL RETURNING member_id
            """
        ).first() != nil
    }

    /// Forgets the recovery code hashed `hash`; whether the member had it.
    static func useRecoveryCode(memberID: Int, hash: String, on connection: StoreConnection) async throws -> Bool {
        try await connection.raw(
            "DELETE FROM member_recovery_codes WHERE member_id = \(bind: memberID) AND code_hash = \(bind: hash) RETURNING member_id"
        ).first() != nil
    }

    static func recoveryCodesLeft(memberID: Int, on connection: StoreConnection) async throws -> Int {
        try await connection.raw("SELECT COUNT(*) AS n FROM member_recovery_codes WHERE member_id = \(bind: memberID)").first()?.decode(
            column: "n", as: Int.self) ?? 0
    }

    static func remove(memberID: Int, on connection: StoreConnection) async throws {
        try await connection.raw("DELETE FROM member_recovery_codes WHERE member_id = \(bind: memberID)").run()
        try await connection.raw("DELETE FROM member_second_factors WHERE member_id = \(bind: memberID)").run()
    }
}
