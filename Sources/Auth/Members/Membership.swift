/// A member's name and groups, and the standing the groups give: what most requests need to know.
public struct Membership: Sendable, Equatable {
    /// A group the member belongs to.
    public struct Group: Sendable, Equatable {
        public let id: Int
        public let name: String

        public init(id: Int, name: String) {
            self.id = id
            self.name = name
        }
    }

    public let username: String
    public let groups: [Group]
    /// In a super-admin group.
    public let isAdmin: Bool
    /// In a super-admin or super-moderator group.
    public let isStaff: Bool

    public init(username: String, groups: [Group], isAdmin: Bool, isStaff: Bool) {
        self.username = username
        self.groups = groups
        self.isAdmin = isAdmin
        self.isStaff = isStaff
    }
}
