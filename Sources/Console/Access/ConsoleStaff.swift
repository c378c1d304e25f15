public import Auth
import News

/// The member signed in to the console, and what they may do there.
///
/// Who gets in is Auth's rule (``ConsoleAccess``). Administrators may do everything; editors write,
/// publish and delete anyone's articles; authors their own; writers write their own and submit them
/// for review (News's ``ArticleStanding`` holds them to it); all manage images. Members, settings, the
/// app and pushes to everyone are administrators' only.
public struct ConsoleStaff: Sendable {
    /// What the console's sign-in makes its sessions as: only they open the console (an app's
    /// session, or an app session a Composr import kept, never does).
    static let sessionOrigin = "console"

    public typealias Role = ConsoleAccess.Role

    let memberID: Int
    let username: String
    let role: Role
    /// The console session's own token: the forms' token is derived from it.
    let sessionToken: String
    let sessionID: String

    var isAdministrator: Bool { self.role == .administrator }

    /// What the member may do with articles.
    var standing: ArticleStanding {
        switch self.role {
        case .administrator, .editor: .editor(self.memberID)
        case .author: .author(self.memberID)
        case .writer: .writer(self.memberID)
        }
    }

    /// The token this member's forms carry.
    var formToken: String { FormToken.derive(fromSessionToken: self.sessionToken) }
}
