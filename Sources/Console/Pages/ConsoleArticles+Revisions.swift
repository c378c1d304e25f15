import Auth
import Messages
import News
import RichText
import Routes
import Storage
import Text

/// An article's revisions on its editor: the list (when, by whom), the word-level difference from any
/// of them, and restoring one as a new revision.
extension ConsoleArticles {
    /// How many revisions, newest first, the editor lists; the rest are a link away (a site keeping
    /// hundreds made the editor's page three times slower to make, and no one reads hundreds).
    static let revisionsListed = 50

    /// Article `id`'s kept revisions as the editor lists them, newest first: when, by whom, and the
    /// buttons restoring and comparing each but the newest (which is the article as it is); with the
    /// word-level difference from revision `compared` to `current` when one is asked for.
    func revisions(ofArticle id: Int?, comparing compared: Int?, with current: NewsArticle?, _ view: ConsoleView) async throws
        -> (list: [[String: Any]], difference: [String: Any]?)
    {
        guard let id else { return ([], nil) }
        let (revisions, comparedFields) = try await self.database.withConnection { connection in
            let revisions = try await NewsRevisionStore.list(articleID: id, on: connection)
            var names: [Int: String] = [:]
            for memberID in Set(revisions.compactMap(\.memberID)) {
                names[memberID] = try await MemberStore.find(id: memberID, on: connection)?.username
            }
            let fields = try await compared.asyncMap { try await NewsRevisionStore.changes(revision: $0, of: id, on: connection) } ?? nil
            return (revisions.map { ($0, $0.memberID.flatMap { names[$0] } ?? "—") }, fields)
        }
        let list = revisions.enumerated().map { index, entry -> [String: Any] in
            let time = ConsoleTime.text(entry.0.savedAt)
            return [
                "id": entry.0.id, "time": time, "title": entry.0.title, "restorable": index > 0,
                "saved": view.messages.text(.consoleRevisionSaved, time, entry.1),
                "comparePath": ConsoleRoute.article(id: id).target([("compare", String(entry.0.id))]) + "#difference",
            ]
        }
        guard let compared, let current, let old = comparedFields, let revision = revisions.first(where: { $0.0.id == compared })?.0 else {
            return (list, nil)
        }
        let fields: [(MessageID, String, String)] = [
            (.title, old.title ?? "", current.title), (.newsSummary, old.summary ?? "", current.summary), (.body, old.article ?? "", current.article),
        ]
        let difference: [String: Any] = [
            "heading": view.messages.text(.consoleDifference, ConsoleTime.text(revision.savedAt)),
            "fields": fields.map { label, old, new in
                [
                    "label": view.messages.text(label),
                    "runs": Self.html(of: WordDifference.between(old, new)),
                ]
            },
        ]
        return (list, difference)
    }

    /// The runs of a difference as the page shows them: kept text in a `<span>`, removed in `<del>`,
    /// added in `<ins>`, every text escaped. Written here rather than by the template: a long body's
    /// thousands of runs, each a context Mustache looks names up in, took a third of the page's time.
    static func html(of runs: [WordDifference.Run]) -> String {
        var html = ""
        for run in runs {
            switch run {
            case .kept(let text): html += "<span>" + PlainText.escaped(text) + "</span>"
            case .removed(let text): html += "<del>" + PlainText.escaped(text) + "</del>"
            case .added(let text): html += "<ins>" + PlainText.escaped(text) + "</ins>"
            }
        }
        return html
    }

    /// Puts the article back as the revision the request names, and opens it again saying so.
    func restore(_ request: ConsoleRequest, _ staff: ConsoleStaff, _ current: NewsArticle) async throws -> ConsoleAnswer {
        guard let revisionID = request.form["revision"].flatMap({ Int($0) }) else { throw Refusal.notFound(.consoleNoSuchRevision) }
        let now = self.clock.now
        try await self.database.transaction { connection in
            try await ArticleEditor(publicURL: self.publicURL).restore(current, revision: revisionID, by: staff.standing, on: connection, now: now)
            try await ConsoleChangeStore.record(
                ConsoleChange(memberID: staff.memberID, username: staff.username, action: .articleEdited, subject: current.title, madeAt: now),
                on: connection)
        }
        return .redirect(to: ConsoleRoute.article(id: current.id).target([("restored", String(revisionID))]))
    }
}
