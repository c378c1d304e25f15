public import EndpointCore
import Foundation
import Galleries
public import Media
public import Messages
public import Text

extension FlokiAppDefinition {
    /// Reads an administrator's definition, refusing what the clients would crash on (a missing,
    /// non-positive, too large or repeated `unique_id`) or could not use (a `ttl`, `cache_size` or
    /// `padding` below 1, a search address without `_WORDS_` and `_PAGE_`, a category or gallery that
    /// is not there, an icon that is not a small PNG, an option the tab's class does not have).
    ///
    /// - Parameters:
    ///   - categoryIDs: the news categories that exist; nil takes any (a stored definition, checked
    ///     when written, whose tab of a category deleted since is left out of the app).
    ///   - galleryNames: the galleries that exist; nil takes any well-formed name, likewise.
    public init(parsing json: JSONValue, categoryIDs: Set<Int>?, galleryNames: Set<String>? = nil) throws(Refusal) {
        guard case .object(let pairs) = json else { throw .invalid(.invalidPropertyData) }
        if let unknown = pairs.first(where: { !["tabs", "sections_start_collapsed", "misc"].contains($0.key) }) {
            throw .invalid(.unknownProperty, unknown.key)
        }
        guard case .array(let list)? = json["tabs"], !list.isEmpty, list.count <= Self.maximumTabs else {
            throw .invalid(.flokiNoTabs, String(Self.maximumTabs))
        }
        var tabs: [Tab] = []
        for (index, value) in list.enumerated() {
            let tab = try Tab(parsing: value, position: index + 1, categoryIDs: categoryIDs, galleryNames: galleryNames)
            if let first = tabs.firstIndex(where: { $0.uniqueID == tab.uniqueID }) {
                throw .invalid(.flokiDuplicateTabID, String(first + 1), String(index + 1), String(tab.uniqueID))
            }
            tabs.append(tab)
        }
        self.tabs = tabs
        switch json["sections_start_collapsed"] {
        case nil: self.sectionsStartCollapsed = false
        case .bool(let collapsed)?: self.sectionsStartCollapsed = collapsed
        default: throw .invalid(.invalidProperty, "sections_start_collapsed")
        }
        let misc = json["misc"] ?? [:]
        guard case .object(let miscPairs) = misc else { throw .invalid(.invalidProperty, "misc") }
        if let unknown = miscPairs.first(where: { !["delete_disk_cache", "slash_scaled_images"].contains($0.key) }) {
            throw .invalid(.unknownProperty, "misc." + unknown.key)
        }
        self.deleteDiskCache = try Self.texts(misc["delete_disk_cache"], "delete_disk_cache")
        self.slashScaledImages = try Self.texts(misc["slash_scaled_images"], "slash_scaled_images")
    }

    static let maximumTabs = 20

    /// A `misc` device list: device names (the clients compare them with the device's own).
    private static func texts(_ value: JSONValue?, _ name: String) throws(Refusal) -> [String] {
        guard let value else { return [] }
        guard case .array(let items) = value, items.count <= 100 else { throw .invalid(.flokiTextList, name) }
        var texts: [String] = []
        for item in items {
            guard case .string(let text) = item, TextLength.fits(text, in: 1...200) else { throw .invalid(.flokiTextList, name) }
            texts.append(text)
        }
        return texts
    }
}

extension FlokiAppDefinition.Tab {
    init(parsing json: JSONValue, position: Int, categoryIDs: Set<Int>?, galleryNames: Set<String>?) throws(Refusal) {
        let tab = String(position)
        guard case .object(let pairs) = json else { throw .invalid(.flokiTabClass, tab) }
        guard case .int(let uniqueID)? = json["unique_id"], (1...Int(Int32.max)).contains(uniqueID) else { throw .invalid(.flokiTabID, tab) }
        self.uniqueID = uniqueID
        let classType: String
        switch json["class_type"] {
        case .string("News_view_controller"):
            classType = "News_view_controller"
            switch json["category"] {
            case nil: self.content = .news(categoryID: nil)
            case .int(let id) where categoryIDs?.contains(id) ?? (id > 0): self.content = .news(categoryID: id)
            case let other?: throw .invalid(.flokiTabCategory, tab, other.serialized)
            }
        case .string("Gallery_view_controller"):
            classType = "Gallery_view_controller"
            switch json["gallery"] {
            case nil: self.content = .gallery
            case .string(let name)? where galleryNames?.contains(name) ?? GalleryName.isValid(name): self.content = .siteGallery(name: name)
            case let other?: throw .invalid(.flokiTabGallery, tab, other.serialized)
            }
        case .string("Web_view_controller"):
            classType = "Web_view_controller"
            guard case .string(let url)? = json["main_url"], FlokiOption.isWebAddress(url) else { throw .invalid(.flokiTabAddress, tab, "main_url") }
            self.content = .web(url: url)
        default:
            throw .invalid(.flokiTabClass, tab)
        }
        let keys =
            ["unique_id", "class_type", "title", "short_title", "tab_image", "data"] + (classType == "News_view_controller" ? ["category"] : [])
            + (classType == "Gallery_view_controller" ? ["gallery"] : [])
            + (classType == "Web_view_controller" ? ["main_url"] : [])
        if let unknown = pairs.first(where: { !keys.contains($0.key) }) { throw .invalid(.flokiTabUnknownOption, tab, unknown.key, classType) }
        self.titles = try Self.titles(json["title"], "title", tab: tab)
        self.shortTitles = try Self.titles(json["short_title"], "short_title", tab: tab)
        if case .web = self.content, self.titles.isEmpty { throw .invalid(.flokiTabNeedsTitle, tab) }
        self.image = try json["tab_image"].map { value throws(Refusal) in try Self.icon(value, tab: tab) }
        let options = json["data"] ?? [:]
        guard case .object(let written) = options else { throw .invalid(.flokiTabUnknownOption, tab, "data", classType) }
        let known = FlokiOption.options(of: classType)
        for (name, value) in written {
            guard let kind = known[name] else { throw .invalid(.flokiTabUnknownOption, tab, name, classType) }
            try kind.check(value, name: name, tab: tab)
        }
        // What the patterns capture opens the address: one without the other opens nothing.
        guard (options["gallery_regex"] == nil) == (options["gallery_url"] == nil), (options["videos_regex"] == nil) == (options["videos_url"] == nil),
            (options["tags_regex"] == nil) == (options["tags_url"] == nil)
        else { throw .invalid(.flokiTabPairs, tab) }
        self.options = options
    }

    /// `{"<language code>": "<text>", …}`, each text 1 to 100 characters.
    private static func titles(_ value: JSONValue?, _ name: String, tab: String) throws(Refusal) -> [FlokiAppDefinition.LocalText] {
        guard let value else { return [] }
        guard case .object(let pairs) = value, !pairs.isEmpty else { throw .invalid(.flokiTabTitle, tab, name) }
        var texts: [FlokiAppDefinition.LocalText] = []
        for (language, text) in pairs {
            guard TextLength.fits(language, in: 2...8), language.allSatisfy({ $0.isASCII && ($0.isLetter || $0 == "-") }), case .string(let words) = text,
                TextLength.fits(words, in: 1...100)
            else { throw .invalid(.flokiTabTitle, tab, name) }
            texts.append(.init(language: language.lowercased(), text: words))
        }
        return texts
    }

    /// The largest icon accepted: a tab bar icon is 30 points, 60 pixels on a double-resolution screen.
    static let maximumIconSide = 128
    static let maximumIconBytes = 32 * 1024

    /// A tab icon: base64 of a PNG that decodes whole, small enough for the app data every client
    /// downloads.
    private static func icon(_ value: JSONValue, tab: String) throws(Refusal) -> String {
        let refusal = Refusal.invalid(.flokiTabImage, tab, String(Self.maximumIconSide), String(Self.maximumIconBytes / 1024))
        guard case .string(let text) = value, text.utf8.count <= Self.maximumIconBytes * 4 / 3 + 4, let data = Data(base64Encoded: text),
            let image = try? InspectedImage.inspect(
                [UInt8](data), maximumBytes: Self.maximumIconBytes, maximumPixels: Self.maximumIconSide * Self.maximumIconSide),
            image.format == .png, image.width <= Self.maximumIconSide, image.height <= Self.maximumIconSide
        else { throw refusal }
        return data.base64EncodedString()
    }
}
