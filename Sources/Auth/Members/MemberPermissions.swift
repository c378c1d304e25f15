/// What a member may do, as the SDKs' permission helpers expect it (reference §4.1).
public struct MemberPermissions: Sendable, Equatable {
    /// Name, groups, staff and admin standing.
    public let membership: Membership
    /// Privilege names granted (all of them for admins).
    public let privileges: [String]
    /// Pages the member is denied (none for admins).
    public let pagesBlacklist: [String]
    /// Zones the member may enter (all of them for admins).
    public let zoneAccess: [String]
}
