import Foundation
import SQLKit
public import Storage

/// Single-use codes sent by e-mail (confirming an address, resetting a password), table
/// `account_codes`.
///
/// Only a hash of each code is stored (the caller hashes; the code itself never reaches the database).
/// Issuing a code for a member and purpose deletes that member's earlier unused codes for the same
/// purpose, so only the newest e-mail works. A code is consumed by a conditional `UPDATE` in the
/// transaction that applies it, so two simultaneous uses cannot both succeed.
public enum AccountCodeStore {
    /// What a code is for.
    public enum Purpose: String, Sendable {
        case confirmEmail = "confirm_email"
        case resetPassword = "reset_password"
    }

    /// What a presented code turned out to be.
    public enum Lookup: Sendable, Equatable {
        case valid(codeID: String)
        case expired
        case used
        case unknown
    }

    /// Stores the code hashed as `codeHash` for `memberID`, valid for `lifetimeSeconds`, on
    /// `connection` (inside the transaction that mails it).
    public static func issue(
        memberID: Int, purpose: Purpose, codeHash: String, lifetimeSeconds: Int, on connection: StoreConnection, now: Int
    ) async throws {
        try await connection.raw(
            """
            DELETE FROM account_codes WHERE member_id = \(bind: memberID) AND purpose = \(bind: purpose.rawValue) AND used_at IS NULL
            """
        ).run()
        let id = UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        try await connection.raw(
            """
            INSERT INTO account_codes (id, member_id, purpose, code_hash, created_at, expires_at)
            VALUES (\(bind: id), \(bind: memberID), \(bind: purpose.rawValue), \(bind: codeHash), \(bind: now), \(bind: now + lifetimeSeconds))
            """
        ).run()
    }

    /// What the code hashed as `codeHash` is for `memberID` and `purpose`.
    public static func lookup(memberID: Int, purpose: Purpose, codeHash: String, now: Int, on connection: StoreConnection) async throws -> Lookup {
        let row = try await connection.raw(
            """
            SELECT id, expires_at, used_at FROM account_codes
            WHERE code_hash = \(bind: codeHash) AND member_id = \(bind: memberID) AND purpose = \(bind: purpose.rawValue)
            """
        ).first()
        guard let row else { return .unknown }
        if try row.decode(column: "used_at", as: Int?.self) != nil { return .used }
        if try row.decode(column: "expires_at", as: Int.self) <= now { return .expired }
        return .valid(codeID: try row.decode(column: "id", as: String.self))
    }

    /// Marks the code used on `connection`; false when it already was (someone else got there first).
    public static func consume(codeID: String, on connection: StoreConnection, now: Int) async throws -> Bool {
        try await connection.raw(
            """
            UPDATE account_codes SET used_at = \(bind: now) WHERE id = \(bind: codeID) AND used_at IS NULL RETURNING id
            """
        ).first() != nil
    }
}
