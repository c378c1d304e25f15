import Auth
import News
import Storage

/// What a Composr newsroom brings besides its articles: each article's earlier versions (Composr's
/// revisions), the byline names Composr links to members (its authors), and each group's standing in
/// the console from Composr's news privileges.
extension ComposrImporter {
    /// Records the earlier versions Composr kept of the articles `ids` just written, oldest first,
    /// before each one's first revision here (its version as it came); by their owner when that member
    /// came over.
    func earlierVersions(of ids: [Int], _ site: ComposrSite, _ report: inout ImportReport, on connection: StoreConnection) async throws {
        for id in ids {
            for revision in site.articleRevisions[id] ?? [] {
                try await NewsRevisionStore.recordEarlier(
                    articleID: id, title: revision.title, text: revision.body, by: site.memberIDs.contains(revision.ownerID) ? revision.ownerID : nil,
                    at: revision.time, on: connection)
                report.add(.revisions, .imported)
            }
        }
    }

    /// Links the byline names Composr links to a member to that member here (who came over with their
    /// ID); an author of a member not brought is left out, said.
    func authors(_ site: ComposrSite, _ report: inout ImportReport, on connection: StoreConnection) async throws {
        for author in site.authors {
            guard site.memberIDs.contains(author.memberID) else {
                report.add(.authors, .leftOut)
                report.note("the author “\(author.name)” is member #\(author.memberID), who is not in the dump: the byline stays a name")
                continue
            }
            let linked = try await NewsAuthorStore.link(author.name, toMember: author.memberID, on: connection)
            report.add(.authors, linked ? .imported : .alreadyHere)
        }
    }

    /// The console role Composr's news privileges give a group: editing anyone's news makes an editor,
    /// submitting without validation an author, submitting and editing one's own a writer. Submitting
    /// alone is what Composr lets every member do (the public's news submissions); here a writer signs
    /// in to the console, so that makes no role (``submittersLeftOut(_:_:)`` says so).
    static func newsRole(_ granted: Set<String>) -> ConsoleAccess.Role? {
        if granted.contains(ConsoleAccess.editingPrivilege) { return .editor }
        guard granted.contains(ConsoleAccess.submittingPrivilege) else { return nil }
        if granted.contains(ConsoleAccess.publishingPrivilege) { return .author }
        return granted.contains(Self.editingOwnPrivilege) ? .writer : nil
    }

    /// Composr's privilege to edit one's own news once submitted.
    static let editingOwnPrivilege = "edit_own_highrange_content"

    /// Gives group `groupID`, just made for Composr's `group`, the console role Composr's news
    /// privileges give it, reported.
    func grantNewsRole(to groupID: Int, for group: ComposrGroup, _ site: ComposrSite, _ report: inout ImportReport, on connection: StoreConnection)
        async throws
    {
        guard let role = Self.newsRole(site.newsPrivileges.granted(to: group.id)) else { return }
        for grant in ConsoleAccess.privileges(giving: role) where grant.granted {
            try await PermissionStore.setPrivilege(grant.privilege, granted: true, groupID: groupID, on: connection)
        }
        report.note("the Composr group “\(group.name)” handles news there: its members are \(role)s here (/admin/groups)")
    }

    /// The line saying which of the groups made now Composr lets only submit news for validation, and
    /// that they are not writers here; nil when none.
    static func submittersLeftOut(_ site: ComposrSite, made: [ComposrGroup]) -> String? {
        let names = made.filter { group in
            let granted = site.newsPrivileges.granted(to: group.id)
            return granted.contains(ConsoleAccess.submittingPrivilege) && Self.newsRole(granted) == nil
        }.map(\.name)
        guard !names.isEmpty else { return nil }
        return "Composr lets \(names.joined(separator: ", ")) submit news for validation; writers here sign in to the console, "
            + "so these groups are not made writers (give a group the role on /admin/groups)"
    }
}
