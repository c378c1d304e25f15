public import EndpointCore
public import Galleries
public import Messages
public import Routes

/// The Floki application definition (the protocol's "Application definition protocol"): the general
/// app data made from a ``FlokiAppDefinition``, and the version indicator that says when it changed.
///
/// `langs` has one single-key object per language, the site's default first (the clients' master
/// language), keyed by number: the tabs' titles from 1 in tab order, then 10000–10016, the strings
/// the protocol reserves. Every URL is absolute and ends where the clients append their language code
/// (`…&keep_lang=` + `en`). Every number is a JSON integer the clients read as a 32-bit one (Android
/// reads anything larger as missing).
public struct FlokiApp: Sendable {
    /// The app data document, serialized.
    public let appData: String
    /// The version indicator's `v`: a digest of the app data, so it changes exactly when the app data
    /// does (iOS fetches the app data again when `v` differs, Android when the beacon does), positive
    /// and at most 2³¹ − 1.
    public let version: Int

    /// The strings the protocol reserves, from 10000 on.
    static let reservedStrings: [MessageID] = [
        .flokiShareNewsTitle, .flokiSharePictureTitle, .flokiCopyAddress, .flokiSendEmail, .flokiCancel, .flokiNewsEmailSubject,
        .flokiPictureEmailSubject, .flokiNewsEmailBody, .flokiPictureEmailBody, .flokiDescribedPictureEmailBody, .flokiShareMovieTitle,
        .flokiMovieEmailSubject, .flokiMovieEmailBody, .flokiTwitterButton, .flokiFacebookButton, .flokiNothingSelected, .flokiSectionsButton,
    ]

    /// - Parameters:
    ///   - definition: the tabs and device lists.
    ///   - categoryNames: the news categories by ID (a category tab whose category is gone is left out).
    ///   - galleries: the site's galleries (a gallery's tab is left out likewise).
    ///   - languages: the languages the app offers, the site's default first.
    ///   - publicURL: the site's public URL, without a trailing `/`.
    public init(definition: FlokiAppDefinition, categoryNames: [Int: String], galleries: [Gallery], languages: [MessageCatalog], publicURL: String) {
        let master = languages.first?.tag.lowercased() ?? "en"
        var titles: [@Sendable (MessageCatalog) -> String] = []
        /// The number of the title `list` gives (or `generated` when it gives none) in `langs`.
        func title(_ list: [FlokiAppDefinition.LocalText], generated: (@Sendable (MessageCatalog) -> String)?) -> Int? {
            if list.isEmpty, generated == nil { return nil }
            titles.append { catalog in
                let language = catalog.tag.lowercased()
                let given = (list.first { $0.language == language } ?? list.first { $0.language == master } ?? list.first)?.text
                return given ?? generated?(catalog) ?? ""
            }
            return titles.count
        }
        var tabList: [JSONValue] = []
        for tab in definition.tabs {
            let generated: (@Sendable (MessageCatalog) -> String)?
            switch tab.content {
            case .news(nil): generated = { $0.text(.news) }
            case .news(let id?):
                guard let name = categoryNames[id] else { continue }
                generated = { _ in name }
            case .gallery: generated = { $0.text(.gallery) }
            case .siteGallery(let name):
                guard let gallery = galleries.first(where: { $0.name == name }) else { continue }
                generated = { gallery.text(in: $0.languageCode).title }
            case .web: generated = nil
            }
            var pairs: [(key: String, value: JSONValue)] = [("long_title", .int(title(tab.titles, generated: generated) ?? 0))]
            if let short = title(tab.shortTitles, generated: nil) { pairs.append(("short_title", .int(short))) }
            pairs.append(("class_type", .string(tab.content.classType)))
            pairs.append(("unique_id", .int(tab.uniqueID)))
            if let image = tab.image { pairs.append(("tab_image", .string(image))) }
            pairs.append(("data", Self.data(tab, collapsed: definition.sectionsStartCollapsed, publicURL: publicURL)))
            tabList.append(.object(pairs))
        }
        let langs: [JSONValue] = languages.map { catalog in
            var strings: [(key: String, value: JSONValue)] = titles.enumerated().map { (String($0.offset + 1), .string($0.element(catalog))) }
            for (index, id) in Self.reservedStrings.enumerated() { strings.append((String(10_000 + index), .string(catalog.text(id)))) }
            return .object([(key: catalog.tag.lowercased(), value: .object(strings))])
        }
        let misc: JSONValue = [
            "delete_disk_cache": .array(definition.deleteDiskCache.map(JSONValue.string)),
            "slash_scaled_images": .array(definition.slashScaledImages.map(JSONValue.string)),
        ]
        self.appData = JSONValue.object([("tabs", .array(tabList)), ("langs", .array(langs)), ("misc", misc)]).serialized
        self.version = Int(FNV1a.digest(self.appData.utf8) % UInt64(Int32.max - 1)) + 1
    }

    /// The tab's data: the `main_url` the server sets for what it shows, then its options, site paths
    /// made absolute.
    private static func data(_ tab: FlokiAppDefinition.Tab, collapsed: Bool, publicURL: String) -> JSONValue {
        var size: [(name: String, value: String)] = []
        if case .int(let count)? = tab.option("cache_size"), count != FlokiFeed.defaultFeedSize { size = [("cache_size", String(count))] }
        // The clients append their language code to `main_url`: `keep_lang` comes last, empty.
        func feed(_ id: String, _ pairs: [(name: String, value: String)]) -> String {
            SiteRoute.hook("content", "news", id: id, query: RouteQuery([("response_type", "floki")] + pairs + [("keep_lang", "")])).url(on: publicURL)
        }
        let mainURL =
            switch tab.content {
            case .news(let id?): feed("feed/\(id)", size)
            case .news(nil): feed("feed/all", size + (collapsed ? [("sections", "collapsed")] : []))
            case .gallery: feed("gallery", [])
            case .siteGallery(let name): GalleryLinks.flokiFeed(name).url(on: publicURL)
            case .web(let url): url
            }
        var pairs: [(key: String, value: JSONValue)] = [("main_url", .string(mainURL))]
        guard case .object(var options) = tab.options else { return .object(pairs) }
        // The articles' Gallery tab opens an article's gallery from its page unless its administrator said otherwise.
        if tab.content == .gallery, options.allSatisfy({ $0.key != "gallery_regex" && $0.key != "gallery_url" }) {
            options += [("gallery_regex", [.string(ArticleGalleryLink.pattern)]), ("gallery_url", .string(ArticleGalleryLink.feedPath))]
        }
        // A News tab opens a video an article links in the movie controller, likewise.
        if tab.content.classType == "News_view_controller", options.allSatisfy({ $0.key != "videos_regex" && $0.key != "videos_url" }) {
            options += [("videos_regex", [.string(ArticleVideoLink.pattern)]), ("videos_url", .string(ArticleVideoLink.feedPath))]
        }
        // And a tag an article's page links, as a paged list of the tag's stories.
        if tab.content.classType == "News_view_controller", options.allSatisfy({ $0.key != "tags_regex" && $0.key != "tags_url" }) {
            options += [("tags_regex", [.string(ArticleTagLink.pattern)]), ("tags_url", .string(ArticleTagLink.feedPath))]
        }
        let kinds = FlokiOption.options(of: tab.content.classType)
        for (name, value) in options {
            pairs.append((name, kinds[name]?.holdsAddresses == true ? Self.absolute(value, publicURL: publicURL) : value))
        }
        return .object(pairs)
    }

    /// `value` with every site path in it (an address, or each of a list such as `gallery_url`) made
    /// absolute.
    private static func absolute(_ value: JSONValue, publicURL: String) -> JSONValue {
        switch value {
        case .string(let path) where path.hasPrefix("/"): .string(publicURL + path)
        case .array(let values): .array(values.map { Self.absolute($0, publicURL: publicURL) })
        default: value
        }
    }

    /// The version indicator: `v`, the app data's address, and how many seconds clients wait before
    /// asking again.
    public func beacon(appDataURL: String, ttl: Int) -> String {
        JSONValue.object([("v", .int(self.version)), ("url", .string(appDataURL)), ("ttl", .int(ttl))]).serialized
    }
}
