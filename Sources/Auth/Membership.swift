/// A member's name and groups, and the standing the groups give: what most requests need to know.
public struct Membership: Sendable, Equatable {
    public let username: String
    public let groups: [MemberPermissions.Group]
    /// In a super-admin group.
    public let isAdmin: Bool
    /// In a super-admin or super-moderator group.
    public let isStaff: Bool
}
