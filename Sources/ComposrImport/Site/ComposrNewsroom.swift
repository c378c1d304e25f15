/// An earlier version of a news article, as Composr's revisions keep it (`revisions` of resource type
/// `news`): the title and the Comcode body the article had before an edit, whose they were, and when.
public struct ComposrRevision: Sendable, Equatable {
    public var id: Int
    public var articleID: Int
    public var title: String
    /// Comcode, as `news_article` held it.
    public var body: String
    public var ownerID: Int
    public var time: Int

    /// The news revision `row` is; nil for another kind of content's.
    init?(row: ComposrRow) throws {
        guard try row.text("r_resource_type") == "news", let articleID = Int(try row.text("r_resource_id")) else { return nil }
        self.id = try row.id("id")
        self.articleID = articleID
        self.title = try row.text("r_original_title")
        self.body = try row.text("r_original_text")
        self.ownerID = try row.integer("r_original_content_owner")
        self.time = try row.integer("r_original_content_timestamp")
    }
}

/// An author Composr links to a member (`authors`): a byline of that name is the member's, as
/// Composr's `get_author_id_from_name` says, before any member of that username.
public struct ComposrAuthor: Sendable, Equatable {
    public var name: String
    public var memberID: Int

    /// The author `row` is; nil for one linked to no member (a byline that stays a name).
    init?(row: ComposrRow) throws {
        guard let memberID = try row.optionalInteger("member_id") else { return nil }
        self.name = try row.text("author")
        self.memberID = memberID
    }
}

/// What Composr lets each group do with news: the high-range content privileges it grants (news is
/// Composr's high-range content), from the site-wide setting or the news module's own, and only for
/// groups that can open Composr's content zone and its news page at all.
public struct ComposrNewsPrivileges: Sendable, Equatable {
    /// The privileges read: Composr's names, which are this server's.
    static let names: Set<String> = [
        "submit_highrange_content", "edit_own_highrange_content", "edit_highrange_content", "bypass_validation_highrange_content",
    ]

    /// Site-wide grants, by group.
    private var siteWide: [Int: [String: Bool]] = [:]
    /// The news module's own grants, which win over the site's.
    private var news: [Int: [String: Bool]] = [:]
    /// Groups that may enter the `cms` zone (Composr lists the groups let in).
    private var contentZone: Set<Int> = []
    /// Groups kept out of the `cms_news` page (Composr lists the groups kept out).
    private var deniedNewsPage: Set<Int> = []

    mutating func take(privilege row: ComposrRow) throws {
        let name = try row.text("privilege")
        guard Self.names.contains(name), try row.text("the_page").isEmpty, try row.text("category_name").isEmpty else { return }
        let (group, granted) = (try row.integer("group_id"), try row.flag("the_value"))
        switch try row.text("module_the_name") {
        case "": self.siteWide[group, default: [:]][name] = granted
        case "news": self.news[group, default: [:]][name] = granted
        default: return
        }
    }

    mutating func take(zoneAccess row: ComposrRow) throws {
        if try row.text("zone_name") == "cms" { self.contentZone.insert(try row.integer("group_id")) }
    }

    mutating func take(pageAccess row: ComposrRow) throws {
        if try row.text("page_name") == "cms_news", try row.text("zone_name") == "cms" { self.deniedNewsPage.insert(try row.integer("group_id")) }
    }

    /// The news privileges Composr grants `groupID`.
    public func granted(to groupID: Int) -> Set<String> {
        guard self.contentZone.contains(groupID), !self.deniedNewsPage.contains(groupID) else { return [] }
        let grants = (self.siteWide[groupID] ?? [:]).merging(self.news[groupID] ?? [:]) { _, module in module }
        return Set(grants.filter(\.value).keys)
    }
}
