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
    /// buttons restoring and comparing each but the newest (which is the article as it is).
    func revisions(ofArticle id: Int?, _ view: ConsoleView) async throws -> [[String: Any]] {
        guard let id else { return [] }
        let revisions = try await self.database.withConnection { connection in
            let revisions = try await NewsRevisionStore.list(articleID: id, on: connection)
            var names: [Int: String] = [:]
            for memberID in Set(revisions.compactMap(\.memberID)) {
                names[memberID] = try await MemberStore.find(id: memberID, on: connection)?.username
            }
            return revisions.map { ($0, $0.memberID.flatMap { names[$0] } ?? "—") }
        }
        return revisions.enumerated().map { index, entry -> [String: Any] in
            let time = ConsoleTime.text(entry.0.savedAt)
            return [
                "id": entry.0.id, "time": time, "title": entry.0.title, "restorable": index > 0,
                "saved": view.messages.text(.consoleRevisionSaved, time, entry.1),
                "comparePath": ConsoleRoute.article(id: id).target([("compare", String(entry.0.id))]) + "#difference",
            ]
        }
    }

    /// The word-level difference from revision `revisionID` to `current`, on a page of its own with the
    /// button restoring that revision: below the editor's form it was a second megabyte to make and
    /// send for a long body, and far down a phone's screen.
    func difference(from revisionID: Int, to current: NewsArticle, _ view: ConsoleView) async throws -> ConsoleAnswer {
        let found = try await self.database.withConnection { connection in
            try await NewsRevisionStore.list(articleID: current.id, on: connection).first { $0.id == revisionID }.asyncMap { revision in
                (revision: revision, changes: try await NewsRevisionStore.changes(revision: revisionID, of: current.id, on: connection))
            }
        }
        guard let found, let old = found.changes else { throw Refusal.notFound(.consoleNoSuchRevision) }
        let fields: [(MessageID, String, String)] = [
            (.title, old.title ?? "", current.title), (.newsSummary, old.summary ?? "", current.summary), (.body, old.article ?? "", current.article),
        ]
        let context: [String: Any] = [
            "heading": view.messages.text(.consoleDifference, ConsoleTime.text(found.revision.savedAt)),
            "editorPath": ConsoleRoute.article(id: current.id).path, "revision": revisionID,
            "fields": fields.map { label, old, new in
                ["label": view.messages.text(label), "runs": Self.difference(from: old, to: new)]
            },
        ]
        return view.page(.difference, title: view.messages.text(.editNews), section: .articles, context: context)
    }

    /// The word-level difference from `old` to `new` as the page shows it: kept text in a `<span>`,
    /// removed in `<del>`, added in `<ins>`, every text escaped. Written here, as bytes straight from
    /// the texts, rather than by the template: a long body's thousands of runs, each a context
    /// Mustache looks names up in, took a third of the page's time.
    static func difference(from old: String, to new: String) -> String {
        var html: [UInt8] = []
        // About both texts' size, reserved at once: grown from empty, a long body's difference was
        // copied at every doubling.
        html.reserveCapacity(old.utf8.count + new.utf8.count + 4_096)
        WordDifference.forEachRun(old, new) { kind, text in
            let (open, close): (StaticString, StaticString) =
                switch kind {
                case .kept: ("<span>", "</span>")
                case .removed: ("<del>", "</del>")
                case .added: ("<ins>", "</ins>")
                }
            open.withUTF8Buffer { html.append(contentsOf: $0) }
            PlainText.escape(text, into: &html)
            close.withUTF8Buffer { html.append(contentsOf: $0) }
        }
        return String(decoding: html, as: UTF8.self)
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
