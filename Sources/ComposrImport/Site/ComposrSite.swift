import Foundation

/// What comes over from a Composr 10 site's dump, read in one pass: its members, groups and their
/// memberships, news categories and articles, and the options the server keeps.
///
/// Tables come in the dump's order (mysqldump's is alphabetical, so `config` comes before the table
/// the prefix is found from, and the translation table after the fields that point into it): each
/// row is made into what the import keeps as it is read (``ComposrTables``), a translatable field
/// waiting for its text until the dump ends.
public struct ComposrSite: Sendable {
    public var prefix: String
    /// The members, kept on disk until they are written (a big site's would fill memory).
    public var members = ComposrRecords<ComposrMember>()
    /// Their IDs (what memberships, tokens, articles and messages are matched to).
    public var memberIDs: Set<Int> = []
    public var groups: [ComposrGroup] = []
    public var memberships: [ComposrMembership] = []
    public var categories: [ComposrCategory] = []
    /// The articles, kept on disk until they are written.
    public var articles = ComposrRecords<ComposrArticle>()
    public var articleIDs: Set<Int> = []
    /// The addresses Composr published for articles (`url_id_monikers` of `news` `view`): moniker → ID.
    public var articleAddresses: [(moniker: String, articleID: Int)] = []
    /// The descriptions Composr's editors gave articles for search engines (`seo_meta` of `news`), by
    /// article ID.
    public var articleDescriptions: [Int: String] = [:]
    /// The keywords of articles (`seo_meta_keywords` of `news`: an editor's, or those Composr derived
    /// from the text when the editor gave none), in their order, by article ID.
    public var articleKeywords: [Int: [String]] = [:]
    /// The articles' earlier versions (Composr's `revisions` of news), oldest first, by article ID.
    public var articleRevisions: [Int: [ComposrRevision]] = [:]
    /// What each group may do with news.
    public var newsPrivileges = ComposrNewsPrivileges()
    /// Byline names Composr links to a member (its `authors` with a `member_id`).
    public var authors: [ComposrAuthor] = []
    /// Messages sent to the staff through the contact form (kept by Composr as forum topics).
    public var staffMessages: [ComposrStaffMessage] = []
    /// Push tokens (the mobile SDK's addon's table; a site without the addon has none).
    public var pushTokens = ComposrRecords<ComposrPushToken>()
    /// Files attached to Comcode (`[attachment]ID[/attachment]`), by ID.
    public var attachments: [Int: ComposrAttachment] = [:]
    /// The galleries (Composr's tree, `root` at the top).
    public var galleries: [ComposrGallery] = []
    /// The galleries' images, whose files come into the media library and the galleries (with `--files`).
    public var galleryImages: [ComposrGalleryEntry] = []
    /// The galleries' videos, likewise, each through the video rules.
    public var videos: [ComposrGalleryEntry] = []
    /// Composr's `config` values the server keeps (`site_name`, `staff_address`).
    public var options: [String: String] = [:]
    /// What the site holds that does not come over (``notCarriedTables``), with its rows counted, for
    /// the report: nothing is left behind unsaid.
    public var notCarried: [NotCarried] = []

    /// The tables of what this server does not carry, by their name after the prefix, and what they hold.
    static let notCarriedTables: [(table: String, what: String)] = [
        ("f_posts", "forum posts and comments (the contact form's messages come over)"), ("catalogue_entries", "catalogue entries"),
        ("wiki_pages", "wiki pages"), ("wiki_posts", "wiki posts"), ("comcode_pages", "Comcode pages"),
        ("f_member_custom_fields", "members' custom profile fields"), ("download_downloads", "downloads"), ("rating", "ratings"),
    ]

    /// The tables read, by their name after the prefix, each with the columns read of it: a row keeps
    /// only those (Composr's cached renderings, `…__text_parsed`, are most of a big site's dump).
    static let tables: [String: Set<String>] = [
        "f_members": [
            "id", "m_username", "m_email_address", "m_pass_hash_salted", "m_pass_salt", "m_password_compat_scheme", "m_validated",
            "m_validated_email_confirm_code", "m_is_perm_banned", "m_join_time", "m_last_visit_time", "m_primary_group", "m_timezone_offset",
            "m_language", "m_dob_day", "m_dob_month", "m_dob_year", "m_reveal_age", "m_signature",
        ],
        "f_groups": ["id", "g_name", "g_is_super_admin", "g_is_super_moderator", "g_is_default"],
        "f_group_members": ["gm_group_id", "gm_member_id", "gm_validated"],
        "news": [
            "id", "title", "news", "news_article", "author", "submitter", "validated", "news_category", "date_and_time", "edit_date",
            "news_views", "news_image", "allow_comments", "allow_rating", "notes",
        ],
        "news_categories": ["id", "nc_title", "nc_owner", "nc_img", "notes"],
        "news_category_entries": ["news_entry", "news_entry_category"],
        "seo_meta": ["meta_for_type", "meta_for_id", "meta_description"],
        "seo_meta_keywords": ["id", "meta_for_type", "meta_for_id", "meta_keyword"],
        "config": ["c_name", "c_value"],
        "translate": ["id", "text_original"],
        "device_token_details": ["token_type", "device_token", "member_id"],
        "url_id_monikers": ["m_resource_page", "m_resource_type", "m_resource_id", "m_moniker"],
        "attachments": ["id", "a_url", "a_description", "a_original_filename"],
        "f_forums": ["id", "f_name"],
        "galleries": ["name", "fullname", "description", "parent_id", "rep_image", "add_date"],
        "images": ["id", "cat", "url", "title", "description", "submitter", "validated", "add_date"],
        "videos": ["id", "cat", "url", "title", "description", "submitter", "validated", "add_date"],
        "f_topics": ["id", "t_forum_id", "t_description"],
        "revisions": [
            "id", "r_resource_type", "r_resource_id", "r_original_title", "r_original_text", "r_original_content_owner",
            "r_original_content_timestamp",
        ],
        "authors": ["author", "member_id"],
        "group_privileges": ["group_id", "privilege", "the_page", "module_the_name", "category_name", "the_value"],
        "group_zone_access": ["zone_name", "group_id"],
        "group_page_access": ["page_name", "zone_name", "group_id"],
        "f_posts": ["id", "p_topic_id", "p_cache_forum_id", "p_poster", "p_poster_name_if_guest", "p_title", "p_post", "p_ip_address", "p_time"],
    ]

    /// The table `table` is (its name after the prefix) with the columns kept of it, nil for a table
    /// not read: the longest of the tables' names it ends with decides (`news_categories` is not `news`).
    static func kind(of table: String) -> (name: String, columns: Set<String>)? {
        Self.tables.filter { table.hasSuffix($0.key) }.max { $0.key.count < $1.key.count }.map { ($0.key, $0.value) }
    }

    static let keptOptions: Set<String> = ["site_name", "staff_address"]

    /// Reads `reader` to its end. `prefix` is Composr's table prefix, found from the dump when nil.
    ///
    /// Each row becomes what the import keeps of it as it is read (a big site's rows, kept as read,
    /// took gigabytes), under the prefix of its table: a dump may hold more than one site, and the
    /// prefix is found only at `f_members`. A row that does not read (a table of another application
    /// that ends alike) fails its prefix's site, not the dump.
    public static func read<Input: DumpInput>(_ reader: inout DumpReader<Input>, prefix: String? = nil) throws -> ComposrSite {
        var found = prefix
        var sites: [String: ComposrTables] = [:]
        var tables: Set<String> = []
        var rows: [String: Int] = [:]
        while let event = try reader.next() {
            switch event {
            case .table(let name, _):
                tables.insert(name)
                if found == nil, name.hasSuffix("f_members") { found = String(name.dropLast("f_members".count)) }
            case .row(let table, let columns, let values):
                rows[table, default: 0] += 1
                guard let kind = Self.kind(of: table) else { continue }
                let tablePrefix = String(table.dropLast(kind.name.count))
                if let found, tablePrefix != found { continue }
                let row = ComposrRow(table: table, columns: columns, values: values, keeping: kind.columns)
                sites[tablePrefix, default: ComposrTables(prefix: tablePrefix)].add(row, of: kind.name)
            }
        }
        guard let prefix = found else { throw ComposrImportError.notComposr }
        guard tables.contains(prefix + "f_members") else { throw ComposrImportError.prefixNotFound(prefix) }
        for table in ["f_members", "f_groups", "news", "news_categories"] where !tables.contains(prefix + table) {
            throw ComposrImportError.missingTable(prefix + table)
        }
        var site = try (sites[prefix] ?? ComposrTables(prefix: prefix)).finished()
        site.notCarried = Self.notCarriedTables.compactMap { table in rows[prefix + table.table].map { NotCarried(what: table.what, rows: $0) } }
        return site
    }
}

/// What a Composr site holds that this server does not carry, and how many rows of it.
public struct NotCarried: Sendable, Equatable {
    public var what: String
    public var rows: Int
}

public struct ComposrMember: Sendable, Equatable {
    public var id: Int
    public var username: String
    public var email: String
    /// `m_pass_hash_salted`, `m_pass_salt` and `m_password_compat_scheme` as Composr keeps them.
    public var passwordHash: String
    public var passwordSalt: String
    public var passwordScheme: String
    public var validated: Bool
    public var emailConfirmed: Bool
    public var banned: Bool
    public var joinTime: Int
    public var lastVisitTime: Int
    public var primaryGroupID: Int
    public var timezone: String
    /// '' for the site's default.
    public var language: String
    /// `YYYY-MM-DD` when Composr holds all three parts.
    public var dateOfBirth: String?
    public var revealAge: Bool
    /// Comcode.
    public var signature: String { self.signatureField.text }
    var signatureField: Translatable

    init(row: ComposrRow) throws {
        self.id = try row.id("id")
        self.username = try row.text("m_username")
        self.email = try row.text("m_email_address")
        self.passwordHash = try row.text("m_pass_hash_salted")
        self.passwordSalt = try row.text("m_pass_salt")
        self.passwordScheme = try row.text("m_password_compat_scheme")
        self.validated = try row.flag("m_validated")
        self.emailConfirmed = try row.text("m_validated_email_confirm_code").isEmpty
        self.banned = try row.flag("m_is_perm_banned")
        self.joinTime = try row.integer("m_join_time")
        self.lastVisitTime = try row.integer("m_last_visit_time")
        self.primaryGroupID = try row.id("m_primary_group")
        self.timezone = try row.text("m_timezone_offset")
        self.language = try row.text("m_language")
        if let day = try row.optionalInteger("m_dob_day"), let month = try row.optionalInteger("m_dob_month"),
            let year = try row.optionalInteger("m_dob_year"), (1...31).contains(day), (1...12).contains(month), (1...9999).contains(year)
        {
            self.dateOfBirth = String(format: "%04d-%02d-%02d", year, month, day)
        }
        self.revealAge = try row.flag("m_reveal_age")
        self.signatureField = try row.translatable("m_signature")
    }

    mutating func resolve(_ translations: [Int: String]) {
        self.signatureField.resolve(translations)
    }
}

public struct ComposrGroup: Sendable, Equatable {
    public var id: Int
    public var name: String { self.nameField.text }
    private var nameField: Translatable
    public var isSuperAdmin: Bool
    public var isSuperModerator: Bool
    public var isDefault: Bool

    init(row: ComposrRow) throws {
        self.id = try row.id("id")
        self.nameField = try row.translatable("g_name")
        self.isSuperAdmin = try row.flag("g_is_super_admin")
        self.isSuperModerator = try row.flag("g_is_super_moderator")
        self.isDefault = try row.flag("g_is_default")
    }

    mutating func resolve(_ translations: [Int: String]) {
        self.nameField.resolve(translations)
    }
}

/// A secondary membership; `validated` false is an application still pending.
public struct ComposrMembership: Sendable, Equatable {
    public var groupID: Int
    public var memberID: Int
    public var validated: Bool

    init(row: ComposrRow) throws {
        self.groupID = try row.id("gm_group_id")
        self.memberID = try row.id("gm_member_id")
        self.validated = try row.flag("gm_validated")
    }
}

/// A device's push token as the mobile SDK registered it: `ios` or `android`, and its member.
public struct ComposrPushToken: Sendable, Equatable {
    public var platform: String
    public var token: String
    public var memberID: Int

    init(row: ComposrRow) throws {
        self.platform = try row.text("token_type")
        self.token = try row.text("device_token")
        self.memberID = try row.integer("member_id")
    }
}

public struct ComposrCategory: Sendable, Equatable {
    public var id: Int
    public var title: String { self.titleField.text }
    var titleField: Translatable
    public var ownerID: Int?
    /// A theme image's code (`newscats/general`) or an uploaded file's URL (`uploads/repimages/…`).
    public var image: String
    public var notes: String

    init(row: ComposrRow) throws {
        self.id = try row.id("id")
        self.titleField = try row.translatable("nc_title")
        self.ownerID = try row.optionalInteger("nc_owner")
        self.image = try row.text("nc_img")
        self.notes = try row.text("notes")
    }

    mutating func resolve(_ translations: [Int: String]) {
        self.titleField.resolve(translations)
    }
}

public struct ComposrArticle: Sendable, Equatable {
    public var id: Int
    public var title: String { self.titleField.text }
    /// Comcode, as Composr keeps it (`news`).
    public var summary: String { self.summaryField.text }
    /// Comcode (`news_article`).
    public var body: String { self.bodyField.text }
    var titleField: Translatable
    var summaryField: Translatable
    var bodyField: Translatable
    public var author: String
    public var submitterID: Int
    public var validated: Bool
    public var categoryID: Int
    public var secondaryCategoryIDs: [Int] = []
    public var addDate: Int
    public var editDate: Int?
    public var views: Int
    /// An uploaded file's URL (`uploads/repimages/…`, site-relative) or an image's full URL.
    public var image: String
    public var allowComments: Bool
    public var allowRating: Bool
    public var notes: String

    init(row: ComposrRow) throws {
        self.id = try row.id("id")
        self.titleField = try row.translatable("title")
        self.summaryField = try row.translatable("news")
        self.bodyField = try row.translatable("news_article")
        self.author = try row.text("author")
        self.submitterID = try row.integer("submitter")
        self.validated = try row.flag("validated")
        self.categoryID = try row.id("news_category")
        self.addDate = try row.integer("date_and_time")
        self.editDate = try row.optionalInteger("edit_date")
        self.views = try row.integer("news_views")
        self.image = try row.text("news_image")
        self.allowComments = try row.integer("allow_comments") != 0
        self.allowRating = try row.flag("allow_rating")
        self.notes = try row.text("notes")
    }
    mutating func resolve(_ translations: [Int: String]) {
        self.titleField.resolve(translations)
        self.summaryField.resolve(translations)
        self.bodyField.resolve(translations)
    }
}

/// A file attached to Comcode (`[attachment]ID[/attachment]`): where the site keeps it.
public struct ComposrAttachment: Sendable, Equatable {
    public var id: Int
    /// Site-relative (`uploads/attachments/…`), or a full URL.
    public var url: String
    public var description: String
    public var originalName: String

    init(row: ComposrRow) throws {
        self.id = try row.id("id")
        self.url = try row.text("a_url")
        self.description = try row.text("a_description")
        self.originalName = try row.text("a_original_filename")
    }
}
