import Auth
import News
public import Storage

/// Writes a Composr site (``ComposrSite``) into this server's database in one transaction: members
/// with their passwords as they are, groups and memberships, news categories and articles (Comcode,
/// rendered by the rich-articles renderer), and the site's name and staff address. A failure, or a
/// dry run, leaves the database as it was.
///
/// Composr's IDs are kept where apps and links hold them (members, categories, articles). This
/// server's own built-in rows are matched by meaning: Guest is Guest, the guest, administrator and
/// super-moderator groups are Composr's first three, the seeded news categories are Composr's
/// defaults of the same IDs and titles. A row already imported (the same ID and name) is skipped,
/// so a run again brings only what is new; any other row standing where a Composr ID belongs stops
/// the import (``ComposrImportError/collision(kind:id:here:there:)``).
public struct ComposrImporter: Sendable {
    let writer: ArticleWriter
    /// Tells an operator how far a long import is, a line at a time.
    private var progress: (@Sendable (String) -> Void)?
    /// Whether apps signed in to the Composr site stay signed in (``appSessions(_:hashesBefore:_:on:now:)``).
    private var keepAppSessions = false

    public init(publicURL: String) {
        self.writer = ArticleWriter(publicURL: publicURL)
    }

    /// Imports `site` into `database` at `now`; with `dryRun`, does everything and commits nothing.
    /// `progress` is told of each kind as it begins and of every 10,000 rows. With `keepAppSessions`,
    /// apps signed in to the Composr site stay signed in.
    public func run(
        _ site: ComposrSite, into database: Database, now: Int, dryRun: Bool = false, keepAppSessions: Bool = false,
        progress: (@Sendable (String) -> Void)? = nil
    ) async throws -> ImportReport {
        var importer = self
        importer.progress = progress
        importer.keepAppSessions = keepAppSessions
        return try await importer.run(site, into: database, now: now, dryRun: dryRun)
    }

    private func run(_ site: ComposrSite, into database: Database, now: Int, dryRun: Bool) async throws -> ImportReport {
        var report = ImportReport()
        do {
            try await database.transaction { connection in
                let groups = try await self.groups(site, &report, on: connection)
                let hashesBefore = try await self.members(site, groups: groups, &report, on: connection)
                if self.keepAppSessions { try await self.appSessions(site, hashesBefore: hashesBefore, &report, on: connection, now: now) }
                try await self.categories(site, &report, on: connection, now: now)
                try await self.articles(site, &report, on: connection, now: now)
                try await self.pushTokens(site, &report, on: connection, now: now)
                try await self.staffMessages(site, &report, on: connection)
                for (name, value) in site.options.sorted(by: { $0.key < $1.key }) where !value.isEmpty {
                    try await ImportStore.setOption(name, value, on: connection)
                }
                try await ImportStore.advanceSequences(on: connection)
                if dryRun { throw DryRunDone() }
            }
        } catch is DryRunDone {
            report.dryRun = true
        }
        return report
    }

    private struct DryRunDone: Error {}

    /// Rows written to one statement (members, push tokens): a round trip each was most of a big
    /// site's import on PostgreSQL.
    static let batch = 500

    /// Tells of `kind` as it begins, then of every 10,000 rows.
    func tell(_ kind: String, _ done: Int, of total: Int) {
        guard let progress = self.progress, done % 10_000 == 0 else { return }
        progress(done == 0 ? "Importing \(total) \(kind)…" : "\(kind): \(done) of \(total)")
    }

    /// Composr's group IDs mapped to this server's: the guest, administrator and super-moderator
    /// groups to the built-in ones, a group of the same name to that group, any other made anew.
    private func groups(_ site: ComposrSite, _ report: inout ImportReport, on connection: StoreConnection) async throws -> [Int: Int] {
        let here = try await ImportStore.groups(on: connection)
        var mapped: [Int: Int] = [:]
        for group in site.groups {
            let builtIn =
                group.id == 1
                ? here.first { $0.id == 1 }
                : group.isSuperAdmin ? here.first { $0.superAdmin } : group.isSuperModerator ? here.first { $0.superModerator } : nil
            if let builtIn {
                mapped[group.id] = builtIn.id
                report.add(.groups, .matched)
            } else if let named = here.first(where: { $0.name.lowercased() == group.name.lowercased() }) {
                mapped[group.id] = named.id
                report.add(.groups, .skipped)
            } else {
                mapped[group.id] = try await ImportStore.insertGroup(group, on: connection)
                report.add(.groups, .imported)
            }
        }
        return mapped
    }

    /// Tokens of the platforms this server pushes to, each for its member, so phones keep receiving.
    private func pushTokens(_ site: ComposrSite, _ report: inout ImportReport, on connection: StoreConnection, now: Int) async throws {
        let members = Set(site.members.map(\.id))
        var kept: [(token: ComposrPushToken, memberID: Int?)] = []
        for token in site.pushTokens {
            guard ["ios", "android"].contains(token.platform), !token.token.isEmpty, token.token.utf8.count <= 4_096 else {
                report.add(.pushTokens, .skipped)
                report.note("a push token of platform “\(token.platform)” not kept")
                continue
            }
            kept.append((token, members.contains(token.memberID) && token.memberID != 1 ? token.memberID : nil))
        }
        for start in stride(from: 0, to: kept.count, by: Self.batch) {
            self.tell("push tokens", start, of: kept.count)
            let batch = kept[start..<min(start + Self.batch, kept.count)]
            let added = try await ImportStore.addPushTokens(batch, on: connection, now: now)
            report.add(.pushTokens, .imported, count: added)
            report.add(.pushTokens, .skipped, count: batch.count - added)
        }
    }

    /// The contact form's messages, in the staff inbox as new ones.
    private func staffMessages(_ site: ComposrSite, _ report: inout ImportReport, on connection: StoreConnection) async throws {
        let members = Dictionary(site.members.map { ($0.id, $0) }) { first, _ in first }
        for var message in site.staffMessages {
            let member = message.memberID.flatMap { members[$0] }
            if message.email.isEmpty, let member { message.email = member.email }
            let added = try await ImportStore.addStaffMessage(message, memberID: member?.id, on: connection)
            report.add(.staffMessages, added ? .imported : .skipped)
        }
    }

    private func categories(_ site: ComposrSite, _ report: inout ImportReport, on connection: StoreConnection, now: Int) async throws {
        for category in site.categories {
            if let existing = try await ImportStore.categoryLabel(category.id, on: connection) {
                guard existing.lowercased() == category.title.lowercased() else {
                    throw ComposrImportError.collision(kind: "news category", id: category.id, here: existing, there: category.title)
                }
                report.add(.categories, .matched)
                continue
            }
            try await ImportStore.insertCategory(category, ownerID: category.ownerID, on: connection, now: now)
            try await NewsStore.adoptCategory(category.id, label: category.title, on: connection, now: now)
            report.add(.categories, .imported)
        }
    }

    private func articles(_ site: ComposrSite, _ report: inout ImportReport, on connection: StoreConnection, now: Int) async throws {
        let members = Set(site.members.map(\.id))
        for (done, article) in site.articles.enumerated() {
            self.tell("articles", done, of: site.articles.count)
            if let existing = try await ImportStore.articleTitle(article.id, on: connection) {
                guard existing == article.title else {
                    throw ComposrImportError.collision(kind: "article", id: article.id, here: existing, there: article.title)
                }
                report.add(.articles, .skipped)
                continue
            }
            try await ImportStore.insertArticle(article, submitterID: members.contains(article.submitterID) ? article.submitterID : nil, on: connection)
            let dropped = try await self.writer.adopt(article.id, title: article.title, on: connection, now: now)
            for construct in dropped { report.note("article \(article.id): left out \(construct)") }
            if !article.secondaryCategoryIDs.isEmpty {
                report.note("article \(article.id): only its main category kept (of \(article.secondaryCategoryIDs.count + 1))")
            }
            report.add(.articles, .imported)
        }
        let imported = Set(site.articles.map(\.id))
        for address in site.articleAddresses where imported.contains(address.articleID) {
            let kept = try await NewsStore.keepComposrAddress(address.moniker, ofArticle: address.articleID, on: connection)
            report.add(.addresses, kept ? .imported : .skipped)
        }
    }
}
