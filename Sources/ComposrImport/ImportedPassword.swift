import Auth

/// A member's Composr password as this server keeps it: Composr's hash and salt as they are, checked
/// at login by the Auth module's Composr forms and moved to Argon2id at the first success, so no
/// member has to reset a password.
struct ImportedPassword: Equatable {
    let hash: String
    let salt: String

    /// The schemes kept: Composr's own (`''`: bcrypt of the salt and the password's MD5, older rows
    /// 32 hex digits of an MD5 of both; `temporary`: the same, set by a password reset). Nil for
    /// another (a forum converter's), whose member logs in after a password reset.
    init?(_ member: ComposrMember) {
        guard ["", "temporary"].contains(member.passwordScheme), LegacyComposrHash.recognises(member.passwordHash) else { return nil }
        self.hash = member.passwordHash
        self.salt = member.passwordSalt
    }

    private init(hash: String, salt: String) {
        self.hash = hash
        self.salt = salt
    }

    /// No password: the member logs in after a password reset.
    static let none = ImportedPassword(hash: "", salt: "")
}
