import Messages
import Routes

/// A change made in the console, as it is recorded and listed on the dashboard.
struct ConsoleChange: Sendable, Equatable {
    /// What was done; the raw value is what the record keeps.
    enum Action: String, Sendable, CaseIterable {
        case articleAdded = "article_added"
        case articleEdited = "article_edited"
        case articlePublished = "article_published"
        case articleUnpublished = "article_unpublished"
        case articleDeleted = "article_deleted"
        case articleTakenOver = "article_taken_over"
        case memberBanned = "member_banned"
        case memberUnbanned = "member_unbanned"
        case sessionEnded = "session_ended"
        case loggedOutEverywhere = "logged_out_everywhere"
        case groupEditsNews = "group_edits_news"
        case groupStoppedEditingNews = "group_stopped_editing_news"
        case groupRoleSet = "group_role_set"
        case messageReplied = "message_replied"
        case messageRead = "message_read"
        case messageHandled = "message_handled"
        case pushSent = "push_sent"
        case appChanged = "app_changed"
        case settingChanged = "setting_changed"
        case imageAdded = "image_added"
        case imageDeleted = "image_deleted"
        case videoDeleted = "video_deleted"
        case memberAdded = "member_added"
        case memberValidated = "member_validated"
        case emailConfirmed = "email_confirmed"
        case resetSent = "reset_sent"
        case passwordSet = "password_set"
        case madeAdministrator = "made_administrator"
        case administratorRemoved = "administrator_removed"
        case tagChanged = "tag_changed"

        /// The console's section the change was made in: who may read of it is who may open that
        /// section (an editor's dashboard lists no ban, password or setting).
        var section: ConsoleRoute {
            switch self {
            case .articleAdded, .articleEdited, .articlePublished, .articleUnpublished, .articleDeleted, .articleTakenOver: .articles
            case .memberBanned, .memberUnbanned, .sessionEnded, .loggedOutEverywhere, .memberAdded, .memberValidated, .emailConfirmed, .resetSent,
                .passwordSet, .madeAdministrator, .administratorRemoved:
                .members
            case .groupEditsNews, .groupStoppedEditingNews, .groupRoleSet: .groups
            case .messageReplied, .messageRead, .messageHandled: .messages
            case .pushSent: .push
            case .appChanged: .app
            case .settingChanged: .settings
            case .imageAdded, .imageDeleted, .videoDeleted: .media
            case .tagChanged: .tags
            }
        }

        /// The sentence describing it, its subject in slot 1.
        var message: MessageID {
            switch self {
            case .articleAdded: .consoleChangeArticleAdded
            case .articleEdited: .consoleChangeArticleEdited
            case .articlePublished: .consoleChangeArticlePublished
            case .articleUnpublished: .consoleChangeArticleUnpublished
            case .articleDeleted: .consoleChangeArticleDeleted
            case .articleTakenOver: .consoleChangeTakenOver
            case .memberBanned: .consoleChangeMemberBanned
            case .memberUnbanned: .consoleChangeMemberUnbanned
            case .sessionEnded: .consoleChangeSessionEnded
            case .loggedOutEverywhere: .consoleChangeLoggedOutEverywhere
            case .groupEditsNews: .consoleChangeGroupEdits
            case .groupStoppedEditingNews: .consoleChangeGroupStopped
            case .groupRoleSet: .consoleChangeGroupRole
            case .messageReplied: .consoleChangeReplied
            case .messageRead: .consoleChangeMessageRead
            case .messageHandled: .consoleChangeMessageHandled
            case .pushSent: .consoleChangePushSent
            case .appChanged: .consoleChangeApp
            case .settingChanged: .consoleChangeSetting
            case .imageAdded: .consoleChangeImageAdded
            case .imageDeleted: .consoleChangeImageDeleted
            case .videoDeleted: .consoleChangeVideoDeleted
            case .memberAdded: .consoleChangeMemberAdded
            case .memberValidated: .consoleChangeMemberValidated
            case .emailConfirmed: .consoleChangeEmailConfirmed
            case .resetSent: .consoleChangeResetSent
            case .passwordSet: .consoleChangePasswordSet
            case .madeAdministrator: .consoleChangeMadeAdmin
            case .administratorRemoved: .consoleChangeAdminRemoved
            case .tagChanged: .consoleChangeTag
            }
        }
    }

    var memberID: Int
    var username: String
    var action: Action
    /// What it was done to, as it was named then.
    var subject: String
    var madeAt: Int
}
