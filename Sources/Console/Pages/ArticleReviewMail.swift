import Auth
import Mail
import Messages
import Storage

/// The mail telling a writer what became of the article they submitted — returned with an editor's
/// note, or published — in the writer's language, through the mail outbox in the caller's
/// transaction (so it leaves only if the review's change is kept). A writer without an address is
/// told on the article's page only.
enum ArticleReviewMail {
    enum Outcome {
        case returned(note: String)
        case published
    }

    static func send(
        _ outcome: Outcome, title: String, writerID: Int?, editor: String, siteName: String, siteLanguage: String, on connection: StoreConnection,
        now: Int
    ) async throws {
        guard let writerID, let writer = try await MemberStore.find(id: writerID, on: connection), !writer.email.isEmpty else { return }
        let messages = Languages.bundled.choose(parameter: nil, memberLanguage: writer.language, acceptLanguage: nil, siteDefault: siteLanguage)
        let mail =
            switch outcome {
            case .returned(let note):
                MailComposer().compose(
                    to: writer.email, subject: messages.text(.consoleReturnedSubject, title),
                    paragraphs: [messages.text(.consoleReturnedBody, editor, title), note, siteName])
            case .published:
                MailComposer().compose(
                    to: writer.email, subject: messages.text(.consolePublishedSubject, title),
                    paragraphs: [messages.text(.consolePublishedBody, editor, title), siteName])
            }
        try await MailOutbox.enqueue(mail, on: connection, now: now)
    }
}
