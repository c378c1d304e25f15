/// The kinds of group the server itself needs to find, by their flags rather than by fixed IDs, so a
/// site that renamed or renumbered its groups still works.
public enum GroupRole: Sendable {
    /// The lowest-numbered group flagged `is_super_admin`.
    case administrators
    /// The lowest-numbered group flagged `is_super_moderator`.
    case superModerators
    /// The lowest-numbered group flagged `is_default` (where new members go).
    case members

    var flagColumn: String {
        switch self {
        case .administrators: "is_super_admin"
        case .superModerators: "is_super_moderator"
        case .members: "is_default"
        }
    }
}
