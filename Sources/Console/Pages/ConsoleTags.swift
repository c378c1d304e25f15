import EndpointCore
import Messages
import News
import Routes
import Storage

/// The site's tags (editors: tags belong to everyone's articles): each with its articles counted and
/// its page linked, renamed, merged into another, or deleted (after asking) through ``TagEditor``.
/// Every form works without scripts; a change answers with the page as it left it, and is recorded
/// for the dashboard's recent changes.
struct ConsoleTags: Sendable {
    let database: Database
    let clock: SiteClock

    func answer(_ request: ConsoleRequest, _ staff: ConsoleStaff, _ view: ConsoleView) async throws -> ConsoleAnswer {
        guard staff.standing.editsAll else { throw Refusal.forbidden(.newsNotYourArticle) }
        guard request.method == .post else { return try await self.page(view) }
        let moniker = request.form["tag"] ?? ""
        let now = self.clock.now
        do {
            let notice: String
            switch request.form["action"] {
            case "rename":
                let renamed = try await self.database.transaction { connection in
                    let renamed = try await TagEditor.rename(moniker, to: request.form["label"] ?? "", on: connection, now: now)
                    try await Self.record(staff, "\(moniker) → \(renamed.moniker)", on: connection, now: now)
                    return renamed
                }
                notice = view.messages.text(.consoleTagRenamed, renamed.label)
            case "merge":
                let (merged, into) = try await self.database.transaction { connection in
                    let tags = try await TagEditor.merge(moniker, into: request.form["into"] ?? "", on: connection, now: now)
                    try await Self.record(staff, "\(tags.merged.moniker) → \(tags.into.moniker)", on: connection, now: now)
                    return tags
                }
                notice = view.messages.text(.consoleTagMerged, merged.label, into.label)
            case "delete":
                guard ConsoleConfirmation.isConfirmed(request) else { return try await self.confirmDeletion(moniker, view) }
                let deleted = try await self.database.transaction { connection in
                    let deleted = try await TagEditor.delete(moniker, on: connection, now: now)
                    try await Self.record(staff, "\(deleted.moniker) ×", on: connection, now: now)
                    return deleted
                }
                notice = view.messages.text(.consoleTagDeleted, deleted.label)
            default: throw Refusal.malformed(.invalidParameter, "action")
            }
            // The page as the change left it, saying what changed (a notice is never taken from a URL).
            return try await self.page(view, notice: notice)
        } catch let refusal as Refusal {
            return try await self.page(view, error: view.messages.text(refusal.message, refusal.arguments), status: ConsoleRefusal.refusedStatus)
        }
    }

    /// Records a change of the tags by `staff`, named by `subject` (`old → new`, `deleted ×`).
    private static func record(_ staff: ConsoleStaff, _ subject: String, on connection: StoreConnection, now: Int) async throws {
        try await ConsoleChangeStore.record(
            ConsoleChange(memberID: staff.memberID, username: staff.username, action: .tagChanged, subject: subject, madeAt: now), on: connection)
    }

    /// Asks before deleting the tag `moniker` from every article carrying it.
    private func confirmDeletion(_ moniker: String, _ view: ConsoleView) async throws -> ConsoleAnswer {
        guard let (_, tag) = try await self.database.withConnection({ try await NewsTagStore.tag(moniker, on: $0) }) else {
            throw Refusal.notFound(.newsUnknownTag, moniker)
        }
        return ConsoleConfirmation(
            action: ConsoleRoute.tags.path, fields: [("action", "delete"), ("tag", tag.moniker)],
            question: view.messages.text(.confirmDelete, tag.label), confirmLabel: view.messages.text(.consoleDeleteTag), back: ConsoleRoute.tags.path
        ).page(view, title: view.messages.text(.consoleDeleteTag), section: .tags)
    }

    private func page(_ view: ConsoleView, notice: String? = nil, error: String? = nil, status: Int = 200) async throws -> ConsoleAnswer {
        let tags = try await self.database.withConnection { try await NewsTagStore.all(on: $0) }
        let rows: [[String: Any]] = tags.map { listed in
            [
                "moniker": listed.tag.moniker, "label": listed.tag.label, "count": listed.articleCount,
                "page": SiteRoute.tagPage(moniker: listed.tag.moniker).target,
                "others": tags.filter { $0.id != listed.id }.map { ["moniker": $0.tag.moniker, "label": $0.tag.label] },
                "hasOthers": tags.count > 1,
            ]
        }
        return view.page(
            .tags, title: view.messages.text(.tags), section: .tags, context: ["tags": rows, "none": tags.isEmpty], notice: notice, error: error,
            status: status)
    }
}
