import Mustache

/// Lays out an e-mail as plain text and as HTML from one Mustache template (values HTML-escaped):
/// paragraphs, an optional button-like link, small print.
///
/// The flows that send mail decide what it says (in the catalog's language); this decides how it
/// looks, once for every kind of mail.
public struct MailComposer: Sendable {
    private let template: MustacheTemplate

    public init() {
        // The template is a constant of this file; failing to parse it is a programming error.
        self.template = try! MustacheTemplate(string: Self.html)
    }

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

    private static let html = """
        <!DOCTYPE html>
        <html><head><meta charset="utf-8"><title>{{subject}}</title></head>
        <body style="font-family: -apple-system, Segoe UI, Roboto, sans-serif; line-height: 1.5; color: #222; max-width: 36em; margin: 1em auto; padding: 0 1em;">
        {{#paragraphs}}<p style="white-space: pre-wrap;">{{.}}</p>
        {{/paragraphs}}{{#link}}<p><a href="{{url}}" style="display: inline-block; padding: 0.6em 1.2em; background: #1a5fb4; color: #fff; text-decoration: none; border-radius: 4px;">{{label}}</a></p>
        <p style="font-size: small; color: #555; word-break: break-all;">{{url}}</p>
        {{/link}}{{#footer}}<p style="font-size: small; color: #555;">{{.}}</p>
        {{/footer}}</body></html>
        """
}
