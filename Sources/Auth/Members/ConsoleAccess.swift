/// Who may use the web console and as what, the one rule for it, by Composr's privileges for
/// high-range content (news): administrators; editors, granted `edit_highrange_content` (anyone's
/// articles); authors, granted `submit_highrange_content` and `bypass_validation_highrange_content`
/// (their own, published by themselves); writers, granted only `submit_highrange_content` (their own,
/// submitted for an editor's review). The console signs members in by it; the import names who can
/// sign in by the same rule (``PermissionStore/consoleStaffUsernames(on:)``).
public enum ConsoleAccess {
    public enum Role: Sendable, Equatable {
        case administrator, editor, author, writer
    }

    /// The privilege that makes a member an editor.
    public static let editingPrivilege = "edit_highrange_content"
    /// The privilege that makes a member a writer.
    public static let submittingPrivilege = "submit_highrange_content"
    /// The privilege that makes a writer an author: what they submit is published without review.
    public static let publishingPrivilege = "bypass_validation_highrange_content"

    /// The role `permissions` give in the console, if any.
    public static func role(_ permissions: MemberPermissions) -> Role? {
        permissions.membership.isAdmin ? .administrator : Self.role(privileges: Set(permissions.privileges))
    }

    /// The role `privileges` give (a group's, or a member's from their groups), administrators aside.
    public static func role(privileges: Set<String>) -> Role? {
        if privileges.contains(Self.editingPrivilege) { return .editor }
        guard privileges.contains(Self.submittingPrivilege) else { return nil }
        return privileges.contains(Self.publishingPrivilege) ? .author : .writer
    }

    /// Each of the roles' privileges, granted or taken away, to give a group `role` (nil: none).
    public static func privileges(giving role: Role?) -> [(privilege: String, granted: Bool)] {
        [
            (Self.editingPrivilege, role == .editor || role == .administrator),
            (Self.submittingPrivilege, role == .author || role == .writer),
            (Self.publishingPrivilege, role == .author),
        ]
    }

    /// How far `role` reaches (none 0 … administrator 4): giving a group more asks for the
    /// administrator's password again.
    public static func reach(_ role: Role?) -> Int {
        switch role {
        case nil: 0
        case .writer: 1
        case .author: 2
        case .editor: 3
        case .administrator: 4
        }
    }
}
