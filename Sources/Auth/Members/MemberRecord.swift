public import EndpointCore

/// One row of `members`: an account as stored.
public struct MemberRecord: Sendable, Equatable {
    public var id: Int
    public var username: String
    public var email: String
    /// An encoded password hash (Argon2id PHC string, or a legacy Composr form); empty = cannot log in.
    public var passwordHash: String
    /// The separate salt of a password hash imported from Composr; empty for Argon2id hashes.
    public var legacySalt: String
    /// Validated by staff.
    public var validated: Bool
    /// E-mail address confirmed.
    public var emailConfirmed: Bool
    public var banned: Bool
    public var joinTime: Int
    public var lastVisitTime: Int
    public var primaryGroupID: Int
    public var timezone: String
    public var language: String
    /// `YYYY-MM-DD`, or nil when not given.
    public var dateOfBirth: String?
    /// Whether others may see the year of birth (and so the age).
    public var revealAge = false
    /// Raw Comcode, empty when none.
    public var signature = ""

    /// Guest, the member every anonymous caller is (Composr's member 1).
    public static let guestID = Caller.guestID
}
