public import EndpointCore
public import Galleries
public import Routes

/// The Floki app as its administrator defines it (`/var/floki/app` in commandr_fs): the tabs in
/// order, each with its class, what it shows, its titles, its icon and its data options, and the
/// `misc` device lists. Until an administrator writes one, the app is
/// ``generated(categoryIDs:hasGallery:galleries:)`` from the site, so new categories and galleries
/// appear as tabs by themselves.
///
/// What an administrator writes is what the apps get (plus the `main_url` the server sets for news
/// and gallery tabs): an option left out takes the clients' default. ``init(parsing:categoryIDs:)``
/// refuses what would crash a client or break a tab, with a sentence saying which tab and why.
public struct FlokiAppDefinition: Equatable, Sendable {
    public var tabs: [Tab]
    /// Whether the sections of a feed of every category start collapsed (the clients' default) rather
    /// than open (the server's).
    var sectionsStartCollapsed: Bool
    var deleteDiskCache: [String]
    var slashScaledImages: [String]

    public struct Tab: Equatable, Sendable {
        var uniqueID: Int
        var content: Content
        /// The tab's titles by language, the first standing in for a language not given; empty for
        /// the generated title (the catalog's "News" or "Gallery", or the category's name).
        var titles: [LocalText]
        var shortTitles: [LocalText]
        /// The tab's icon: a PNG, in base64 as the protocol carries it.
        var image: String?
        /// The data options, in the order written (an object).
        var options: JSONValue

        /// What a tab shows, which sets its class and its `main_url`.
        enum Content: Equatable, Sendable {
            /// The news of one category, or of all of them.
            case news(categoryID: Int?)
            /// Recent images of articles' galleries.
            case gallery
            /// A gallery of the site, by name: its items, and the galleries inside it as items.
            case siteGallery(name: String)
            /// A web page at this address.
            case web(url: String)

            var classType: String {
                switch self {
                case .news: "News_view_controller"
                case .gallery, .siteGallery: "Gallery_view_controller"
                case .web: "Web_view_controller"
                }
            }
        }
    }

    /// A title in one language.
    struct LocalText: Equatable, Sendable {
        var language: String
        var text: String
    }

    /// The site's app: a News tab of every category, one tab per category (in `categoryIDs`' order), a
    /// Gallery tab of articles' galleries when `hasGallery`, and one per top-level gallery of
    /// `galleries` in the order they were made, with the options the clients look best with.
    public static func generated(categoryIDs: [Int], hasGallery: Bool, galleries: [Gallery] = []) -> Self {
        func news(_ uniqueID: Int, _ categoryID: Int?) -> Tab {
            Tab(
                uniqueID: uniqueID, content: .news(categoryID: categoryID), titles: [], shortTitles: [], image: nil,
                options: [
                    "row_height": 44, "padding": 3, "cache_size": .int(FlokiFeed.defaultFeedSize), "ttl": 300, "download_if_virgin": true,
                    "allow_manual_reload": true, "search_bar": .string(Self.searchPath),
                ]
            )
        }
        var tabs = [news(1, nil)]
        for id in categoryIDs where id + 2 < Self.galleryTabIDs.lowerBound { tabs.append(news(id + 2, id)) }
        func gallery(_ uniqueID: Int, _ content: Tab.Content) -> Tab {
            Tab(uniqueID: uniqueID, content: content, titles: [], shortTitles: [], image: nil, options: Self.galleryOptions)
        }
        if hasGallery { tabs.append(gallery(2, .gallery)) }
        let topLevel = galleries.filter { $0.parentID == nil }.sorted { ($0.addDate, $0.id) < ($1.addDate, $1.id) }
        for site in topLevel where Self.galleryTabIDs.contains(Self.galleryTabIDs.lowerBound + site.id) {
            tabs.append(gallery(Self.galleryTabIDs.lowerBound + site.id, .siteGallery(name: site.name)))
        }
        return Self(tabs: tabs, sectionsStartCollapsed: false, deleteDiskCache: [], slashScaledImages: [])
    }

    /// The unique IDs of the generated galleries' tabs (the gallery's ID above the first), apart from
    /// the categories' (their ID + 2, below).
    static let galleryTabIDs = (1 << 30)...Int(Int32.max)

    /// A generated Gallery tab's options (a gallery item's, too, that opens a gallery).
    static let galleryOptions: JSONValue = [
        "row_height": 79, "cells_per_row": 4, "padding": 2, "cache_size": .int(FlokiFeed.defaultFeedSize), "ttl": 300, "download_if_virgin": true,
        "allow_manual_reload": true, "stretch_images": false,
    ]

    /// The server's own search, site-relative (made absolute in the app data).
    static let searchPath = SiteRoute.hook(
        "content", "news", id: "search",
        query: RouteQuery([
            ("response_type", "floki"), ("keep_lang", FlokiOption.languagePlaceholder), ("q", FlokiOption.wordsPlaceholder),
            ("page", FlokiOption.pagePlaceholder),
        ])
    ).target

    /// The definition as an administrator reads and writes it.
    public var json: JSONValue {
        .object([
            ("tabs", .array(self.tabs.map(\.json))),
            ("sections_start_collapsed", .bool(self.sectionsStartCollapsed)),
            (
                "misc",
                [
                    "delete_disk_cache": .array(self.deleteDiskCache.map(JSONValue.string)),
                    "slash_scaled_images": .array(self.slashScaledImages.map(JSONValue.string)),
                ]
            ),
        ])
    }
}

extension FlokiAppDefinition.Tab {
    var json: JSONValue {
        var pairs: [(key: String, value: JSONValue)] = [("unique_id", .int(self.uniqueID)), ("class_type", .string(self.content.classType))]
        switch self.content {
        case .news(let categoryID?): pairs.append(("category", .int(categoryID)))
        case .siteGallery(let name): pairs.append(("gallery", .string(name)))
        case .web(let url): pairs.append(("main_url", .string(url)))
        case .news(nil), .gallery: break
        }
        func texts(_ list: [FlokiAppDefinition.LocalText]) -> JSONValue { .object(list.map { ($0.language, .string($0.text)) }) }
        if !self.titles.isEmpty { pairs.append(("title", texts(self.titles))) }
        if !self.shortTitles.isEmpty { pairs.append(("short_title", texts(self.shortTitles))) }
        if let image = self.image { pairs.append(("tab_image", .string(image))) }
        pairs.append(("data", self.options))
        return .object(pairs)
    }

    /// An option's value, if the tab has it.
    func option(_ name: String) -> JSONValue? {
        self.options[name]
    }

    /// The title in `language`: its own, or the first given; nil when the tab has none.
    static func text(_ list: [FlokiAppDefinition.LocalText], in language: String) -> String? {
        (list.first { $0.language == language } ?? list.first)?.text
    }
}
