import Mustache

/// Lays out an e-mail as plain text and as HTML from one Mustache template (values HTML-escaped):
/// paragraphs, an optional button-like link, small print.
///
/// The flows that send mail decide what it says (in the catalog's language); this decides how it
/// looks, once for every kind of mail.
public struct MailComposer: Sendable {
    private let template: MustacheTemplate

    public init() {
        self.template = Self.layout
    }

    /// `Templates/mail.mustache`, built into the binary; a template that does not parse is a build
    /// defect every mail test catches.
    private static let layout = try! MustacheTemplate(string: EmbeddedData.text("mail.mustache") ?? "")

    /// A mail to `recipient` of `paragraphs`, then `link` (label and URL), then `footer`.
    public func compose(
        to recipient: String,
        replyTo: String = "",
        subject: String,
        paragraphs: [String],
        link: (label: String, url: String)? = nil,
        footer: [String] = []
    ) -> OutgoingMail {
        var text = paragraphs.joined(separator: "\n\n")
        if let link { text += "\n\n\(link.label):\n\(link.url)" }
        if !footer.isEmpty { text += "\n\n" + footer.joined(separator: "\n\n") }
        var context: [String: Any] = ["subject": subject, "paragraphs": paragraphs, "footer": footer]
        if let link { context["link"] = ["label": link.label, "url": link.url] }
        return OutgoingMail(recipient: recipient, replyTo: replyTo, subject: subject, text: text + "\n", html: self.template.render(context))
    }
}
