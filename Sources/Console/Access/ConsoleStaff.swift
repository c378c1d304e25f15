public import Auth

/// The member signed in to the console, and what they may do there.
///
/// Administrators may do everything; editors — members of a group granted Composr's
/// `edit_highrange_content` (editing news, Composr's high-range content) — write and publish articles
/// and manage images. Members, settings, the app and pushes to everyone are administrators' only.
public struct ConsoleStaff: Sendable {
    /// What the console's sign-in makes its sessions as: only they open the console (an app's
    /// session, or an app session a Composr import kept, never does).
    static let sessionOrigin = "console"

    public enum Role: Sendable, Equatable {
        case administrator, editor
    }

    /// The privilege that makes a member an editor.
    public static let editingPrivilege = "edit_highrange_content"

    let memberID: Int
    let username: String
    let role: Role
    /// The console session's own token: the forms' token is derived from it.
    let sessionToken: String
    let sessionID: String

    /// The role `permissions` give in the console, if any.
    static func role(_ permissions: MemberPermissions) -> Role? {
        if permissions.membership.isAdmin { return .administrator }
        return permissions.privileges.contains(Self.editingPrivilege) ? .editor : nil
    }

    var isAdministrator: Bool { self.role == .administrator }

    /// The token this member's forms carry.
    var formToken: String { FormToken.derive(fromSessionToken: self.sessionToken) }
}
