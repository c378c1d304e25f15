import Foundation
public import Mail
public import Messages

/// The account e-mails (confirmation, reset link, password-changed notice), each in the language of
/// the member it goes to (``AccountPolicy/catalog(forMemberLanguage:)``), whatever language the
/// request that caused it was in; numbers and dates are written the language's way. A link's code is
/// the mail's secret, which the outbox blanks out once the mail is sent.
public struct AccountMails: Sendable {
    /// Who a mail goes to.
    public struct Recipient: Sendable {
        public var memberID: Int
        public var username: String
        public var email: String
        /// The member's stored language code.
        public var language: String

        public init(_ member: MemberRecord) {
            self.init(memberID: member.id, username: member.username, email: member.email, language: member.language)
        }

        public init(memberID: Int, username: String, email: String, language: String) {
            self.memberID = memberID
            self.username = username
            self.email = email
            self.language = language
        }
    }

    private let composer = MailComposer()

    public init() {}

    /// The mail asking a new member to confirm their address with `code`.
    public func confirmation(to member: Recipient, code: String, policy: AccountPolicy) -> OutgoingMail {
        let messages = policy.catalog(forMemberLanguage: member.language)
        let hours = policy.confirmationSeconds / 3600
        var mail = self.composer.compose(
            to: member.email,
            subject: messages.text(.confirmEmailSubject, policy.siteName),
            paragraphs: [messages.text(.signupText, policy.siteName, member.username, messages.number(hours))],
            link: (messages.text(.confirmLinkLabel), policy.confirmationLink(memberID: member.memberID, code: code, language: messages)),
            footer: [messages.text(.mailNotYou)]
        )
        mail.secret = code
        return mail
    }

    /// The mail with a password-reset link for `code`.
    public func resetLink(to member: Recipient, code: String, policy: AccountPolicy) -> OutgoingMail {
        let messages = policy.catalog(forMemberLanguage: member.language)
        var mail = self.composer.compose(
            to: member.email,
            subject: messages.text(.lostPasswordConfirm),
            paragraphs: [messages.text(.lostPasswordText, member.username, policy.siteName, messages.number(policy.resetSeconds / 60))],
            link: (messages.text(.resetLinkLabel), policy.resetLink(memberID: member.memberID, code: code, language: messages)),
            footer: [messages.text(.mailNotYou)]
        )
        mail.secret = code
        return mail
    }

    /// The notice that a password was changed at `unixTime` (never containing the password).
    public func passwordChanged(to member: Recipient, at unixTime: Int, policy: AccountPolicy) -> OutgoingMail {
        let messages = policy.catalog(forMemberLanguage: member.language)
        let time = DateWording(catalog: messages, timeZone: TimeZone(identifier: "UTC")!).dateAndTime(unixTime)
        return self.composer.compose(
            to: member.email,
            subject: messages.text(.passwordChangedSubject, policy.siteName),
            paragraphs: [messages.text(.passwordChangedText, member.username, policy.siteName, time)],
            footer: [messages.text(.passwordChangedNotYou)]
        )
    }
}
