import Text

/// What one table prefix's rows make as the dump is read: each row is taken as it comes, and the big
/// tables' records (members, articles, push tokens) go to ``Spool``s on disk, so a big site's import
/// holds neither its rows nor its records. A translatable field that names its text in the
/// translation table (a site with multi-language content on) is resolved as a record is read back,
/// the table may come after it.
///
/// The staff messages are the posts of one forum's topics: posts and topics of other forums are
/// dropped as they come once that forum is known (its name is a `config` option, its ID a `f_forums`
/// row; both come before the posts in mysqldump's order), so a big forum's posts are never held.
struct ComposrTables {
    private var site: ComposrSite
    private var members: Spool.Writer?
    private var articles: Spool.Writer?
    private var pushTokens: Spool.Writer?
    private var translations: [Int: String] = [:]
    private var secondaryCategories: [Int: [Int]] = [:]
    private var articleDescriptions: [Int: Translatable] = [:]
    private var articleKeywords: [Int: [(id: Int, keyword: Translatable)]] = [:]
    private var messagingForumName: String?
    /// The messaging forum's ID once found, and how many forums were looked at for `name` (a search of
    /// every forum for each post would be quadratic).
    private var messagingForum: (forumsSearched: Int, name: String?, id: Int?) = (0, nil, nil)
    private var forums: [ComposrRow] = []
    private var topics: [ComposrRow] = []
    private var posts: [ComposrRow] = []
    /// The first row that did not read: the prefix's site fails with it, if it is the one imported.
    private var failure: (any Error)?

    init(prefix: String) {
        self.site = ComposrSite(prefix: prefix)
    }

    /// Takes `row` of the table named `kind` after the prefix.
    mutating func add(_ row: ComposrRow, of kind: String) {
        guard self.failure == nil else { return }
        do {
            try self.take(row, of: kind)
        } catch {
            self.failure = error
        }
    }

    private mutating func take(_ row: ComposrRow, of kind: String) throws {
        switch kind {
        case "f_members":
            let member = try ComposrMember(row: row)
            try Self.spool(member, in: &self.members)
            self.site.memberIDs.insert(member.id)
        case "f_groups": self.site.groups.append(try ComposrGroup(row: row))
        case "f_group_members": self.site.memberships.append(try ComposrMembership(row: row))
        case "device_token_details": try Self.spool(try ComposrPushToken(row: row), in: &self.pushTokens)
        case "news_categories": self.site.categories.append(try ComposrCategory(row: row))
        case "news":
            let article = try ComposrArticle(row: row)
            try Self.spool(article, in: &self.articles)
            self.site.articleIDs.insert(article.id)
        case "seo_meta":
            guard try row.text("meta_for_type") == "news", let id = Int(try row.text("meta_for_id")) else { return }
            self.articleDescriptions[id] = try row.translatable("meta_description")
        case "seo_meta_keywords":
            guard try row.text("meta_for_type") == "news", let id = Int(try row.text("meta_for_id")) else { return }
            self.articleKeywords[id, default: []].append((try row.integer("id"), try row.translatable("meta_keyword")))
        case "news_category_entries":
            self.secondaryCategories[try row.integer("news_entry"), default: []].append(try row.integer("news_entry_category"))
        case "attachments":
            let attachment = try ComposrAttachment(row: row)
            self.site.attachments[attachment.id] = attachment
        case "translate":
            let id = try row.integer("id")
            if self.translations[id] == nil { self.translations[id] = try row.text("text_original") }
        case "url_id_monikers":
            guard try row.text("m_resource_page") == "news", try row.text("m_resource_type") == "view",
                let id = Int(try row.text("m_resource_id")), case let moniker = try row.text("m_moniker"), !moniker.isEmpty
            else { return }
            self.site.articleAddresses.append((moniker, id))
        case "config":
            let name = try row.text("c_name")
            if ComposrSite.keptOptions.contains(name) { self.site.options[name] = try row.text("c_value") }
            if name == "messaging_forum_name" { self.messagingForumName = try row.text("c_value") }
        case "revisions":
            guard let revision = try ComposrRevision(row: row) else { return }
            self.site.articleRevisions[revision.articleID, default: []].append(revision)
        case "authors":
            if let author = try ComposrAuthor(row: row) { self.site.authors.append(author) }
        case "group_privileges": try self.site.newsPrivileges.take(privilege: row)
        case "group_zone_access": try self.site.newsPrivileges.take(zoneAccess: row)
        case "group_page_access": try self.site.newsPrivileges.take(pageAccess: row)
        case "f_forums": self.forums.append(row)
        case "galleries": self.site.galleries.append(try ComposrGallery(row: row))
        case "images": self.site.galleryImages.append(try ComposrGalleryEntry(.image, row: row))
        case "videos": self.site.videos.append(try ComposrGalleryEntry(.video, row: row))
        case "f_topics":
            if let forum = try self.messagingForumID(), try row.integer("t_forum_id") != forum { return }
            self.topics.append(row)
        case "f_posts":
            if let forum = try self.messagingForumID(), try row.optionalInteger("p_cache_forum_id") != forum { return }
            self.posts.append(row)
        default: return
        }
    }

    /// Writes `record` to `spool`, made at the first.
    private static func spool(_ record: some SpooledRecord, in spool: inout Spool.Writer?) throws {
        var fields = RecordBytes()
        record.write(to: &fields)
        if spool == nil { spool = try Spool.Writer() }
        try spool?.append(fields.bytes)
    }

    /// The messaging forum's ID, once its name and its row were read with its name inline; nil until
    /// then (its topics and posts are kept, and sorted out when the dump ends). Each forum is looked at
    /// once, where the search stopped before: a dump interleaving forums with topics and posts made a
    /// search of every forum for each row, quadratic.
    private mutating func messagingForumID() throws -> Int? {
        guard let name = self.messagingForumName, !name.isEmpty else { return nil }
        if self.messagingForum.name != name { self.messagingForum = (0, name, nil) }
        if let found = self.messagingForum.id { return found }
        while self.messagingForum.forumsSearched < self.forums.count {
            let forum = self.forums[self.messagingForum.forumsSearched]
            // A name to be translated is known only when the dump ends.
            guard case .text(let text) = try forum.translatable("f_name") else { return nil }
            self.messagingForum.forumsSearched += 1
            if text == name {
                self.messagingForum.id = try forum.integer("id")
                return self.messagingForum.id
            }
        }
        return nil
    }

    /// The site, its translatable fields resolved (the big tables' as they are read back); the first
    /// row that did not read fails it.
    consuming func finished() throws -> ComposrSite {
        if let failure = self.failure { throw failure }
        var site = self.site
        let translations = self.translations
        for index in site.groups.indices { site.groups[index].resolve(translations) }
        for index in site.categories.indices { site.categories[index].resolve(translations) }
        for index in site.galleries.indices { site.galleries[index].resolve(translations) }
        for index in site.galleryImages.indices { site.galleryImages[index].resolve(translations) }
        for index in site.videos.indices { site.videos[index].resolve(translations) }
        site.articleRevisions = site.articleRevisions.mapValues { $0.sorted { $0.id < $1.id } }
        site.articleDescriptions = self.articleDescriptions.mapValues { $0.resolved(translations) }.filter { !$0.value.isEmpty }
        // In the order they were given (their IDs), trimmed: Composr keeps the spaces after the commas.
        site.articleKeywords = self.articleKeywords.mapValues { keywords in
            keywords.sorted { $0.id < $1.id }.map { $0.keyword.resolved(translations).trimmingWhitespace }.filter { !$0.isEmpty }
        }.filter { !$0.value.isEmpty }
        if let members = try self.members?.finished() {
            site.members = ComposrRecords(members) { $0.resolve(translations) }
        }
        if let articles = try self.articles?.finished() {
            let secondary = self.secondaryCategories
            site.articles = ComposrRecords(articles) { article in
                article.resolve(translations)
                article.secondaryCategoryIDs = (secondary[article.id] ?? []).filter { $0 != article.categoryID }
            }
        }
        if let pushTokens = try self.pushTokens?.finished() {
            site.pushTokens = ComposrRecords(pushTokens) { _ in }
        }
        site.staffMessages = try ComposrStaffMessage.read(
            forum: self.messagingForumName ?? "", forums: self.forums, topics: self.topics, posts: self.posts, translations: translations)
        return site
    }
}
