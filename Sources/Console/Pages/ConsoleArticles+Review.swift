import Auth
import Messages
import News
import Storage

/// A writer's article through an editor's review: its state as the editor shows it, submitting it,
/// returning it with a note (mailed to the writer).
extension ConsoleArticles {
    /// Article `id`'s review as the editor shows it: its state, and the sentence saying who moved it
    /// there and when (with the editor's note when returned).
    func review(ofArticle id: Int?, _ view: ConsoleView, on connection: StoreConnection) async throws
        -> (state: NewsReviewStore.State, context: [String: Any])?
    {
        guard let id, let review = try await NewsReviewStore.review(ofArticle: id, on: connection) else { return nil }
        let who = try await review.changedBy.asyncMap { try await MemberStore.find(id: $0, on: connection)?.username } ?? nil
        let time = ConsoleTime.text(review.changedAt)
        let said: String =
            switch review.state {
            case .submitted: view.messages.text(.consoleSubmittedBy, who ?? "—", time)
            case .returned: view.messages.text(.consoleReturnedBy, who ?? "—", time)
            }
        return (review.state, ["said": said, "note": review.state == .returned ? review.note : ""])
    }

    /// Submits the article just saved for review (`action=submit`, its writer), or returns it to its
    /// writer with the form's note and a mail (`action=return`, an editor).
    func moveReview(
        _ action: String, _ id: Int, _ request: ConsoleRequest, _ staff: ConsoleStaff, _ view: ConsoleView, siteLanguage: String,
        on connection: StoreConnection, now: Int
    ) async throws {
        guard action == "submit" || action == "return", let saved = try await NewsStore.article(id: id, on: connection) else { return }
        let editor = ArticleEditor(publicURL: self.publicURL)
        if action == "submit" {
            try await editor.submit(saved, by: staff.standing, on: connection, now: now)
            return
        }
        let note = request.form["note"] ?? ""
        try await editor.returnToWriter(saved, note: note, by: staff.standing, on: connection, now: now)
        try await ArticleReviewMail.send(
            .returned(note: note), title: saved.title, writerID: saved.submitterID, editor: staff.username, siteName: view.siteName,
            siteLanguage: siteLanguage, on: connection, now: now)
    }
}
