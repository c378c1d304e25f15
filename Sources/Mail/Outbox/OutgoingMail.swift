/// One e-mail to send: who to, what it says in plain text and in HTML.
///
/// Built by the flows that send mail (confirmation, reset, notices) and written to the outbox; the
/// transport (``MIMEMessage``, ``SMTPClient``) never sees anything else.
public struct OutgoingMail: Sendable, Equatable {
    public var recipient: String
    /// Where replies should go instead of the sender, or empty.
    public var replyTo: String
    public var subject: String
    public var text: String
    public var html: String
    /// What in the bodies must not outlive the sending (a link's code): the outbox blanks it out once
    /// the mail is sent or given up.
    public var secret: String?

    public init(recipient: String, replyTo: String = "", subject: String, text: String, html: String, secret: String? = nil) {
        self.recipient = recipient
        self.replyTo = replyTo
        self.subject = subject
        self.text = text
        self.html = html
        self.secret = secret
    }
}
