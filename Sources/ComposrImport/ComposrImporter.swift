import Auth
import Galleries
public import Media
import Messages
import News
public import Storage
import Text

/// Writes a Composr site (``ComposrSite``) into this server's database in one transaction: members
/// with their passwords as they are, groups (with the console role Composr's news privileges give
/// them) and memberships, news categories and articles (Comcode, rendered by the rich-articles
/// renderer, with their earlier versions; those awaiting validation submitted for review), the
/// galleries with their images and videos, and the site's name and staff address. A failure, or a dry run, leaves the database as it was.
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
    /// The site's files and the media library they go into (images, and videos through the video
    /// rules); nil: none given (images and videos of the site's own are left out, and reported).
    private var files: ImportedFiles?

    /// Whether the articles' keywords become their tags (`--tags keywords`, the default) or are left
    /// out (`--tags none`: a site whose keywords Composr derived from the text, which make poor tags).
    private var keywordsAsTags = true

    /// The site's files (`--files`) and where they go.
    public struct ImportedFiles: Sendable {
        let files: ComposrFiles
        let images: MediaUploads
        let videos: VideoUploads

        public init(_ files: ComposrFiles, images: MediaUploads, videos: VideoUploads) {
            self.files = files
            self.images = images
            self.videos = videos
        }
    }

    public init(publicURL: String) {
        self.writer = ArticleWriter(publicURL: publicURL)
    }

    /// Imports `site` into `database` at `now`; with `dryRun`, does everything and commits nothing.
    /// `progress` is told of each kind as it begins and of every 10,000 rows. With `keepAppSessions`,
    /// apps signed in to the Composr site stay signed in. With `keywordsAsTags`, the articles' keywords
    /// become their tags. With `files`, the images the site's articles and categories show, and the
    /// galleries' videos, go into the media library.
    public func run(
        _ site: ComposrSite, into database: Database, now: Int, dryRun: Bool = false, keepAppSessions: Bool = false, keywordsAsTags: Bool = true,
        files: ImportedFiles? = nil, progress: (@Sendable (String) -> Void)? = nil
    ) async throws -> ImportReport {
        var importer = self
        importer.progress = progress
        importer.keepAppSessions = keepAppSessions
        importer.keywordsAsTags = keywordsAsTags
        importer.files = files
        return try await importer.run(site, into: database, now: now, dryRun: dryRun)
    }

    private func run(_ site: ComposrSite, into database: Database, now: Int, dryRun: Bool) async throws -> ImportReport {
        var report = ImportReport()
        report.notCarried = site.notCarried.filter { $0.rows > 0 }
        do {
            try await database.transaction { connection in
                let groups = try await self.groups(site, &report, on: connection)
                let hashesBefore = try await self.members(site, groups: groups, &report, on: connection)
                if self.keepAppSessions { try await self.appSessions(site, hashesBefore: hashesBefore, &report, on: connection, now: now) }
                var images = self.files.map { ComposrImages(files: $0.files, uploads: $0.images, attachments: site.attachments) }
                try await self.categories(site, &images, &report, on: connection, now: now)
                try await self.articles(site, &images, &report, on: connection, now: now)
                try await self.authors(site, &report, on: connection)
                try await self.galleries(site, &images, &report, on: connection)
                try await self.galleryImages(site, &images, &report, on: connection)
                try await self.pushTokens(site, &report, on: connection, now: now)
                try await self.staffMessages(site, &report, on: connection)
                for (name, value) in site.options.sorted(by: { $0.key < $1.key }) where !value.isEmpty {
                    try await ImportStore.setOption(name, value, on: connection)
                }
                try await ImportStore.advanceSequences(on: connection)
                report.consoleStaff = try await PermissionStore.consoleStaffUsernames(on: connection)
                if dryRun { throw DryRunDone() }
            }
        } catch is DryRunDone {
            report.dryRun = true
        }
        try await self.videos(site, into: database, dryRun: report.dryRun, &report)
        return report
    }

    /// The galleries' videos, each through the video rules (checked by ffprobe, kept once per content,
    /// queued for what the apps play) then placed in its gallery, after the import's transaction: each
    /// is a transaction of its own, and its bytes are files of the media store. A video whose file is
    /// not among the files, is elsewhere on the web, or is refused is reported; one already in the
    /// library (a run again) is already here. A dry run only looks for the files.
    private func videos(_ site: ComposrSite, into database: Database, dryRun: Bool, _ report: inout ImportReport) async throws {
        let videos = site.videos
        guard let files = self.files else {
            if !videos.isEmpty {
                report.add(.videos, .leftOut, count: videos.count)
                report.note("\(videos.count) gallery \(videos.count == 1 ? "video" : "videos") left out (give --files)")
            }
            return
        }
        for (index, video) in videos.enumerated() {
            self.tell("videos", index, of: videos.count)
            guard case .path(let path) = files.files.locate(video.url) else {
                report.add(.videos, .leftOut)
                report.note("video \(video.id): file not found: \(video.url)")
                continue
            }
            if dryRun { continue }
            do {
                let added = try await files.videos.add(
                    FileChunks(path: path), name: UploadName.stem(path, fallback: "video"), caption: video.title, credit: "", addedBy: nil)
                report.add(.videos, added.created ? .imported : .alreadyHere)
                try await database.transaction { connection in
                    guard try await !GalleryComposrStore.wasImported(video.kind.rawValue, video.id, on: connection) else {
                        report.add(.galleryItems, .alreadyHere)
                        return
                    }
                    try await self.place(.video(added.video.id), video, site, &report, on: connection)
                }
            } catch let refused as VideoFailure {
                report.add(.videos, .leftOut)
                report.note("video \(video.id): \(MessageCatalog.english.text(refused.message, refused.arguments))")
            }
        }
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

    /// Composr's group IDs mapped to this server's by what Composr says each group is, never by its
    /// name: its guest group (ID 1) to Guests, a group flagged super-administrator or super-moderator to
    /// this server's group of that standing, a group imported before to the group it became
    /// (`composr_groups`), any other made anew, and when its name is taken here, kept apart under its
    /// name and Composr ID (and reported): a club named "Administrators" stays a club.
    private func groups(_ site: ComposrSite, _ report: inout ImportReport, on connection: StoreConnection) async throws -> [Int: Int] {
        let here = try await ImportStore.groups(on: connection)
        let imported = try await ImportStore.importedGroups(on: connection)
        var names = Set(here.map { $0.name.lowercased() })
        var mapped: [Int: Int] = [:]
        var made: [ComposrGroup] = []
        for group in site.groups {
            let builtIn =
                group.id == 1
                ? here.first { $0.id == 1 }
                : group.isSuperAdmin ? here.first { $0.superAdmin } : group.isSuperModerator ? here.first { $0.superModerator } : nil
            if let builtIn {
                mapped[group.id] = builtIn.id
                report.add(.groups, .matched)
            } else if let before = imported[group.id] {
                mapped[group.id] = before
                report.add(.groups, .alreadyHere)
            } else {
                var name = group.name
                if names.contains(name.lowercased()) {
                    name = "\(group.name) (Composr \(group.id))"
                    report.note("the Composr group “\(group.name)” (ID \(group.id)) is kept apart as “\(name)”: a group of that name is this server's own")
                }
                names.insert(name.lowercased())
                let id = try await ImportStore.insertGroup(named: name, on: connection)
                try await ImportStore.recordImportedGroup(composrID: group.id, as: id, on: connection)
                mapped[group.id] = id
                report.add(.groups, .imported)
                try await self.grantNewsRole(to: id, for: group, site, &report, on: connection)
                made.append(group)
            }
        }
        if let line = Self.submittersLeftOut(site, made: made) { report.note(line) }
        return mapped
    }

    /// Tokens of the platforms this server pushes to, each for its member, so phones keep receiving.
    private func pushTokens(_ site: ComposrSite, _ report: inout ImportReport, on connection: StoreConnection, now: Int) async throws {
        var done = 0
        try await site.pushTokens.forEachBatch(of: Self.batch) { tokens in
            self.tell("push tokens", done, of: site.pushTokens.count)
            done += tokens.count
            var kept: [(token: ComposrPushToken, memberID: Int?)] = []
            for token in tokens {
                guard ["ios", "android"].contains(token.platform), !token.token.isEmpty, token.token.utf8.count <= 4_096 else {
                    report.add(.pushTokens, .leftOut)
                    report.note("a push token of platform “\(token.platform)” not kept")
                    continue
                }
                kept.append((token, site.memberIDs.contains(token.memberID) && token.memberID != 1 ? token.memberID : nil))
            }
            let added = try await ImportStore.addPushTokens(kept[...], on: connection, now: now)
            report.add(.pushTokens, .imported, count: added)
            report.add(.pushTokens, .alreadyHere, count: kept.count - added)
        }
    }

    /// The contact form's messages, in the staff inbox as new ones.
    private func staffMessages(_ site: ComposrSite, _ report: inout ImportReport, on connection: StoreConnection) async throws {
        for var message in site.staffMessages {
            let memberID = message.memberID.flatMap { site.memberIDs.contains($0) ? $0 : nil }
            if message.email.isEmpty, let memberID { message.email = try await ImportStore.email(ofMember: memberID, on: connection) ?? "" }
            let added = try await ImportStore.addStaffMessage(message, memberID: memberID, on: connection)
            report.add(.staffMessages, added ? .imported : .alreadyHere)
        }
    }

    private func categories(
        _ site: ComposrSite, _ images: inout ComposrImages?, _ report: inout ImportReport, on connection: StoreConnection, now: Int
    ) async throws {
        for category in site.categories {
            if let existing = try await ImportStore.categoryLabel(category.id, on: connection) {
                guard existing.lowercased() == category.title.lowercased() else {
                    throw ComposrImportError.collision(kind: "news category", id: category.id, here: existing, there: category.title)
                }
                report.add(.categories, .matched)
                continue
            }
            let image = try await Self.image(category.image, for: "news category \(category.id)", &images, &report, on: connection)
            try await ImportStore.insertCategory(category, image: image?.url ?? "", on: connection, now: now)
            try await NewsStore.adoptCategory(category.id, label: category.title, on: connection, now: now)
            report.add(.categories, .imported)
        }
    }

    /// Articles, a hundred to a batch: those here already looked up at once, the new ones written in
    /// one statement, then rendered and logged by the writer (an import's article took a dozen round
    /// trips, most of a big site's import on PostgreSQL).
    private func articles(
        _ site: ComposrSite, _ images: inout ComposrImages?, _ report: inout ImportReport, on connection: StoreConnection, now: Int
    ) async throws {
        var done = 0
        var written: Set<Int> = []
        try await site.articles.forEachBatch(of: 100) { batch in
            self.tell("articles", done, of: site.articles.count)
            done += batch.count
            let here = try await ImportStore.articles(batch.map(\.id), on: connection)
            var rows: [ImportStore.ArticleRow] = []
            for article in batch {
                // One here of the same title, or of the same time (an imported article since edited
                // here, or in Composr), is the import's own: it stays as it is.
                if let existing = here[article.id] {
                    guard existing.title == article.title || existing.addDate == article.addDate else {
                        throw ComposrImportError.collision(kind: "article", id: article.id, here: existing.title, there: article.title)
                    }
                    if existing.title != article.title { report.note("article \(article.id): edited since it was imported; the copy here is kept") }
                    report.add(.articles, .alreadyHere)
                    continue
                }
                guard written.insert(article.id).inserted else {
                    report.add(.articles, .alreadyHere)
                    continue
                }
                rows.append(try await self.row(of: article, site, &images, &report, on: connection))
            }
            try await ImportStore.insertArticles(rows, on: connection)
            for row in rows { try await NewsStore.fileInOtherCategories(row.article.id, row.article.secondaryCategoryIDs, on: connection) }
            try await self.earlierVersions(of: rows.map(\.article.id), site, &report, on: connection)
            let tags = self.tags(of: rows.map(\.article.id), site, &report)
            let dropped = try await self.writer.adopt(rows.map { ($0.article.id, $0.article.title) }, tags: tags, on: connection, now: now)
            for row in rows {
                for construct in dropped[row.article.id] ?? [] { report.note("article \(row.article.id): left out \(construct)") }
            }
            report.add(.articles, .imported, count: rows.count)
        }
        let addresses = site.articleAddresses.filter { site.articleIDs.contains($0.articleID) }
        for start in stride(from: 0, to: addresses.count, by: Self.batch) {
            let batch = Array(addresses[start..<min(start + Self.batch, addresses.count)])
            let kept = try await NewsStore.keepComposrAddresses(batch, on: connection)
            report.add(.addresses, .imported, count: kept)
            report.add(.addresses, .alreadyHere, count: batch.count - kept)
        }
    }

    /// The tags of `articles` from their keywords (none with `--tags none`: counted as left out): each keyword a
    /// tag, those that cannot be one (no letter or digit, too long) or are past an article's most left
    /// out and reported.
    private func tags(of articles: [Int], _ site: ComposrSite, _ report: inout ImportReport) -> [Int: [ArticleTag]] {
        var tags: [Int: [ArticleTag]] = [:]
        for id in articles {
            guard let keywords = site.articleKeywords[id] else { continue }
            guard self.keywordsAsTags else {
                report.add(.tags, .leftOut, count: keywords.count)
                continue
            }
            var kept: [ArticleTag] = []
            for keyword in keywords {
                guard let tag = try? ArticleTag(label: keyword) else {
                    report.add(.tags, .leftOut)
                    report.note("article \(id): keyword “\(TextLength.prefix(keyword, 100))” cannot be a tag")
                    continue
                }
                guard !kept.contains(where: { $0.moniker == tag.moniker }) else { continue }
                guard kept.count < ArticleTag.perArticle else {
                    report.add(.tags, .leftOut)
                    report.note("article \(id): keyword “\(keyword)” past the \(ArticleTag.perArticle) tags an article carries")
                    continue
                }
                kept.append(tag)
            }
            report.add(.tags, .imported, count: kept.count)
            tags[id] = kept
        }
        return tags
    }

    /// The row `article` is written as: its texts naming the media library's images, its image.
    private func row(
        of article: ComposrArticle, _ site: ComposrSite, _ images: inout ComposrImages?, _ report: inout ImportReport, on connection: StoreConnection
    ) async throws -> ImportStore.ArticleRow {
        let owner = "article \(article.id)"
        for link in ComcodePageLinks.missing(in: article.summary + "\n" + article.body) {
            report.note("\(owner): a link to the Composr page “\(link)”, which this server does not have, opens the news index")
        }
        var text = (summary: article.summary, body: article.body)
        if var found = images {
            text.summary = try await found.renamingFiles(in: text.summary, for: owner, &report, on: connection)
            text.body = try await found.renamingFiles(in: text.body, for: owner, &report, on: connection)
            images = found
        }
        return ImportStore.ArticleRow(
            article: article, summary: text.summary, body: text.body,
            image: try await Self.image(article.image, for: owner, &images, &report, on: connection) ?? ImportedImage(url: ""),
            submitterID: site.memberIDs.contains(article.submitterID) ? article.submitterID : nil,
            seoDescription: TextLength.prefix(site.articleDescriptions[article.id] ?? "", NewsFieldLimits.seoDescription))
    }

    /// The image `reference` names as an article or a category keeps it: the library's when it is a
    /// file of the site, as it stands when it is elsewhere on the web; nil for none, a file not
    /// brought over, or one of Composr's theme images (a code such as `newscats/general`), reported.
    private static func image(
        _ reference: String, for owner: String, _ images: inout ComposrImages?, _ report: inout ImportReport, on connection: StoreConnection
    ) async throws -> ImportedImage? {
        guard !reference.isEmpty else { return nil }
        guard reference.contains("://") || reference.split(separator: "/").last?.contains(".") == true else {
            report.note("\(owner): Composr's theme image \(reference) left out")
            return nil
        }
        guard var found = images else {
            if reference.contains("://") { return Self.external(reference, for: owner, &report) }
            report.note("\(owner): image \(reference) left out (give --files)")
            return nil
        }
        let image = try await found.image(reference, for: owner, &report, on: connection)
        images = found
        guard let image else {
            return reference.contains("://") && found.files.relativePath(reference) == nil ? Self.external(reference, for: owner, &report) : nil
        }
        return ImportedImage(image)
    }

    /// An image elsewhere on the web, kept when it is an address an image may have (News's one rule);
    /// left out and reported when not (`javascript:`, `//host`).
    private static func external(_ reference: String, for owner: String, _ report: inout ImportReport) -> ImportedImage? {
        guard NewsAddresses.image(reference, publicURL: "") != nil else {
            report.note("\(owner): image \(reference) left out (not an http or https address)")
            return nil
        }
        return ImportedImage(url: reference)
    }
}
