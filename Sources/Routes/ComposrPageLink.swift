/// A Composr page-link, as Comcode's `[page="…"]` names a page: `zone:page:type:id`, any part after the
/// page optional and `key=value` parts after them (`site:news:view:3`, `_SEARCH:news:view:3`,
/// `:join`, `join`).
public struct ComposrPageLink: Equatable, Sendable {
    public var zone: String
    public var page: String
    public var type: String
    public var id: String

    /// The parts of `text`; a text without `:` names a page of the default zone.
    public init(_ text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init).filter { !$0.contains("=") }
        if parts.count == 1 {
            (self.zone, self.page, self.type, self.id) = ("", parts[0], "", "")
            return
        }
        func part(_ index: Int) -> String { index < parts.count ? parts[index] : "" }
        (self.zone, self.page, self.type, self.id) = (part(0), part(1), part(2), part(3))
    }

    /// The route of this server that shows the page: an article's page for a news item's view
    /// (`news:view:<ID>`), the news index for the news pages' lists and the site's home (`news`,
    /// `news:browse`, `start`); nil for every other page, which this server does not have.
    public var route: SiteRoute? {
        switch (self.page.lowercased(), self.type.lowercased()) {
        case ("news", "view") where !self.id.isEmpty: .articlePage(reference: self.id, query: .none)
        case ("news", ""), ("news", "browse"), ("news", "misc"), ("start", ""), ("", ""): .newsIndex(query: .none)
        default: nil
        }
    }
}
