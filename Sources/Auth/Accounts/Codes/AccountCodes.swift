import Storage
import Text

/// The codes e-mailed links carry: 192 random bits (32 base64url characters), of which the database
/// keeps only the SHA-256 hash (see ``AccountCodeStore``).
enum AccountCodes {
    /// Creates a code for `memberID` valid for `lifetimeSeconds`, on `connection`; returns the code to
    /// e-mail (it is not stored).
    static func issue(
        memberID: Int, purpose: AccountCodeStore.Purpose, lifetimeSeconds: Int, on connection: StoreConnection, now: Int
    ) async throws -> String {
        let code = RandomText.base64URL(byteCount: 24)
        try await AccountCodeStore.issue(
            memberID: memberID, purpose: purpose, codeHash: SessionToken.storageHash(of: code), lifetimeSeconds: lifetimeSeconds, on: connection,
            now: now
        )
        return code
    }

    /// What `code` is for `memberID` and `purpose` at `now`, read on `connection`; anything not shaped
    /// like a code is unknown.
    static func lookup(memberID: Int, purpose: AccountCodeStore.Purpose, code: String, now: Int, on connection: StoreConnection) async throws
        -> AccountCodeStore.Lookup
    {
        guard code.utf8.count == 32 else { return .unknown }
        return try await AccountCodeStore.lookup(memberID: memberID, purpose: purpose, codeHash: SessionToken.storageHash(of: code), now: now, on: connection)
    }
}
