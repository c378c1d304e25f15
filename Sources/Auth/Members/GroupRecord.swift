/// One row of `groups`: a usergroup and the standing it gives its members.
public struct GroupRecord: Sendable, Equatable {
    public var id: Int
    public var name: String
    /// New members join it.
    public var isDefault: Bool
    public var isSuperAdmin: Bool
    public var isSuperModerator: Bool
    /// Offered to new members to choose at join.
    public var isPresentedAtInstall: Bool

    /// Guests, the group of the Guest account (Composr's group 1).
    public static let guestsID = 1
}

/// Changes to a group's standing; nil leaves a flag as it is.
public struct GroupChanges: Sendable, Equatable {
    public var name: String?
    public var isDefault: Bool?
    public var isSuperAdmin: Bool?
    public var isSuperModerator: Bool?
    public var isPresentedAtInstall: Bool?

    public init() {}
}
