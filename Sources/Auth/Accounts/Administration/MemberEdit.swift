/// A change staff make to a member, as every face sends it (commandr_fs's `/var/groups` files, the
/// console's member page), before any rule is checked: nil leaves a value as it is.
public struct MemberEdit: Sendable {
    /// The plain columns as sent; their rules are ``MemberAdministration``'s (its date of birth comes
    /// from ``dateOfBirth``).
    public var columns = MemberChanges()
    /// A date of birth as sent, not yet known to be a date.
    public var dateOfBirth: (year: Int, month: Int, day: Int)?
    /// A new password, in clear: checked against the site's rules and hashed before it is stored.
    public var password: String?
    /// Every group the member is to be in (the primary group is kept whatever is sent).
    public var groups: [Int]?
    /// Whether the member is to be in the administrators' group.
    public var administrator: Bool?

    public init() {}
}
