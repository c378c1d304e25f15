/// Changes to an existing account's plain columns; nil leaves a column as it is.
///
/// Password hashes, memberships and removal have their own operations (they come with session and
/// identity consequences).
public struct MemberChanges: Sendable, Equatable {
    public var username: String?
    public var email: String?
    public var timezone: String?
    public var language: String?
    public var validated: Bool?
    public var emailConfirmed: Bool?
    public var revealAge: Bool?
    public var signature: String?
    public var banned: Bool?
    /// `YYYY-MM-DD`.
    public var dateOfBirth: String?

    public init() {}

    var isEmpty: Bool { self == MemberChanges() }
}
