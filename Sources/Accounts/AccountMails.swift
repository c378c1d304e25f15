public import SiteStore
import Mail
public import Messages

/// The account e-mails (confirmation, reset link, password-changed notice) in the catalog's language.
public struct AccountMails: Sendable {
    private let composer = MailComposer()

    public init() {}

    /// The mail asking a new member to confirm their address.
    public func confirmation(to member: (username: String, email: String), link: String, policy: AccountPolicy, messages: any MessageCatalog) -> OutgoingMail {
        self.composer.compose(
            to: member.email,
            subject: messages.text(.confirmEmailSubject, policy.siteName),
            paragraphs: [messages.text(.signupText, policy.siteName, member.username, String(policy.confirmationSeconds / 3600))],
            link: (messages.text(.confirmLinkLabel), link),
            footer: [messages.text(.mailNotYou)]
        )
    }

    /// The mail with a password-reset link.
    public func resetLink(to member: (username: String, email: String), link: String, policy: AccountPolicy, messages: any MessageCatalog) -> OutgoingMail {
        self.composer.compose(
            to: member.email,
            subject: messages.text(.lostPasswordConfirm),
            paragraphs: [messages.text(.lostPasswordText, member.username, policy.siteName, String(policy.resetSeconds / 60))],
            link: (messages.text(.resetLinkLabel), link),
            footer: [messages.text(.mailNotYou)]
        )
    }

    /// The notice that a password was changed (never containing the password).
    public func passwordChanged(to member: (username: String, email: String), at time: String, policy: AccountPolicy, messages: any MessageCatalog) -> OutgoingMail {
        self.composer.compose(
            to: member.email,
            subject: messages.text(.passwordChangedSubject, policy.siteName),
            paragraphs: [messages.text(.passwordChangedText, member.username, policy.siteName, time)],
            footer: [messages.text(.passwordChangedNotYou)]
        )
    }
}
