public import Mail
public import Messages
import Mustache

/// Writes the account e-mails (confirmation, reset link, password-changed notice) in the catalog's
/// language, as plain text and as HTML from one Mustache template (values HTML-escaped).
public struct AccountMailComposer: Sendable {
    private let template: MustacheTemplate

    public init() {
        // The template is a constant of this file; failing to parse it is a programming error.
        self.template = try! MustacheTemplate(string: Self.html)
    }

    /// A mail of `paragraphs`, then an optional button-like link, then small print.
    func compose(
        to recipient: String,
        subject: String,
        paragraphs: [String],
        link: (label: String, url: String)?,
        footer: [String]
    ) -> OutgoingMail {
        var text = paragraphs.joined(separator: "\n\n")
        if let link { text += "\n\n\(link.label):\n\(link.url)" }
        if !footer.isEmpty { text += "\n\n" + footer.joined(separator: "\n\n") }
        var context: [String: Any] = ["subject": subject, "paragraphs": paragraphs, "footer": footer]
        if let link { context["link"] = ["label": link.label, "url": link.url] }
        return OutgoingMail(recipient: recipient, subject: subject, text: text + "\n", html: self.template.render(context))
    }

    /// The mail asking a new member to confirm their address.
    public func confirmation(to member: (username: String, email: String), link: String, policy: AccountPolicy, messages: any MessageCatalog) -> OutgoingMail {
        self.compose(
            to: member.email,
            subject: messages.text(.confirmEmailSubject, policy.siteName),
            paragraphs: [messages.text(.signupText, policy.siteName, member.username, String(policy.confirmationSeconds / 3600))],
            link: (messages.text(.confirmLinkLabel), link),
            footer: [messages.text(.mailNotYou)]
        )
    }

    /// The mail with a password-reset link.
    public func resetLink(to member: (username: String, email: String), link: String, policy: AccountPolicy, messages: any MessageCatalog) -> OutgoingMail {
        self.compose(
            to: member.email,
            subject: messages.text(.lostPasswordConfirm),
            paragraphs: [messages.text(.lostPasswordText, member.username, policy.siteName, String(policy.resetSeconds / 60))],
            link: (messages.text(.resetLinkLabel), link),
            footer: [messages.text(.mailNotYou)]
        )
    }

    /// The notice that a password was changed (never containing the password).
    public func passwordChanged(to member: (username: String, email: String), at time: String, policy: AccountPolicy, messages: any MessageCatalog) -> OutgoingMail {
        self.compose(
            to: member.email,
            subject: messages.text(.passwordChangedSubject, policy.siteName),
            paragraphs: [messages.text(.passwordChangedText, member.username, policy.siteName, time)],
            link: nil,
            footer: [messages.text(.passwordChangedNotYou)]
        )
    }

    private static let html = """
        <!DOCTYPE html>
        <html><head><meta charset="utf-8"><title>{{subject}}</title></head>
        <body style="font-family: -apple-system, Segoe UI, Roboto, sans-serif; line-height: 1.5; color: #222; max-width: 36em; margin: 1em auto; padding: 0 1em;">
        {{#paragraphs}}<p>{{.}}</p>
        {{/paragraphs}}{{#link}}<p><a href="{{url}}" style="display: inline-block; padding: 0.6em 1.2em; background: #1a5fb4; color: #fff; text-decoration: none; border-radius: 4px;">{{label}}</a></p>
        <p style="font-size: small; color: #555; word-break: break-all;">{{url}}</p>
        {{/link}}{{#footer}}<p style="font-size: small; color: #555;">{{.}}</p>
        {{/footer}}</body></html>
        """
}
