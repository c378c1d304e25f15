/// Who may use the web console, the one rule for it: administrators, and as editors the members of a
/// group granted Composr's `edit_highrange_content` (editing news, Composr's high-range content). The
/// console signs members in by it; the import names who can sign in by the same rule
/// (``PermissionStore/consoleStaffUsernames(on:)``).
public enum ConsoleAccess {
    public enum Role: Sendable, Equatable {
        case administrator, editor
    }

    /// The privilege that makes a member an editor.
    public static let editingPrivilege = "edit_highrange_content"

    /// The role `permissions` give in the console, if any.
    public static func role(_ permissions: MemberPermissions) -> Role? {
        if permissions.membership.isAdmin { return .administrator }
        return permissions.privileges.contains(Self.editingPrivilege) ? .editor : nil
    }
}
