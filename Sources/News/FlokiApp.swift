public import EndpointCore
public import Messages
public import SiteStore

/// The Floki application definition (the protocol's "Application definition protocol"), generated
/// from the site: the general app data, and the version indicator that says when it changed.
///
/// Tabs: one News tab of every category (its sections open), then one per category in position
/// order, then a Gallery tab of articles' gallery images when any shown article has a gallery.
/// `langs` has one single-key object per language, the site's default first (the clients' master
/// language), keyed by number: 1 is the News tab's title, 2 the Gallery tab's, 3… the categories'
/// names, 10000–10016 the strings the protocol reserves. Every URL is absolute and ends where the clients append their
/// language code (`…&keep_lang=` + `en`). Every number is a JSON integer the clients read as a 32-bit
/// one (Android reads anything larger as missing).
public struct FlokiApp: Sendable {
    /// The app data document, serialized.
    public let appData: String
    /// The version indicator's `v`: a digest of the app data, so it changes exactly when the app data
    /// does (iOS fetches the app data again when `v` differs, Android when the beacon does), positive
    /// and at most 2³¹ − 1.
    public let version: Int

    /// The part of a category the definition shows: what, when changed, makes another definition.
    public struct Tab: Equatable, Sendable {
        var categoryID: Int
        var name: String

        public init(_ published: PublishedCategory) {
            self.categoryID = published.category.id
            self.name = published.category.label
        }
    }

    /// The strings the protocol reserves, from 10000 on.
    static let reservedStrings: [MessageID] = [
        .flokiShareNewsTitle, .flokiSharePictureTitle, .flokiCopyAddress, .flokiSendEmail, .flokiCancel, .flokiNewsEmailSubject,
        .flokiPictureEmailSubject, .flokiNewsEmailBody, .flokiPictureEmailBody, .flokiDescribedPictureEmailBody, .flokiShareMovieTitle,
        .flokiMovieEmailSubject, .flokiMovieEmailBody, .flokiTwitterButton, .flokiFacebookButton, .flokiNothingSelected, .flokiSectionsButton,
    ]

    /// - Parameters:
    ///   - tabs: the categories, in position order.
    ///   - hasGallery: whether a shown article has a gallery (the Gallery tab is there).
    ///   - languages: the languages the app offers, the site's default first.
    ///   - publicURL: the site's public URL, without a trailing `/`.
    public init(tabs: [Tab], hasGallery: Bool, languages: [MessageCatalog], publicURL: String) {
        let feeds = publicURL + "/data/endpoint.php/content/news/"
        let search = feeds + "search?response_type=floki&keep_lang=_LNG_&q=_WORDS_&page=_PAGE_"
        func newsTab(title: Int, uniqueID: Int, feed: String) -> JSONValue {
            [
                "long_title": .int(title), "class_type": "News_view_controller", "unique_id": .int(uniqueID),
                "data": [
                    "main_url": .string(feeds + "feed/\(feed)?response_type=floki&keep_lang="), "row_height": 44, "padding": 3,
                    "cache_size": .int(FlokiFeed.feedSize), "ttl": 300, "download_if_virgin": true, "allow_manual_reload": true,
                    "search_bar": .string(search),
                ],
            ]
        }
        var tabList = [newsTab(title: 1, uniqueID: 1, feed: "all")]
        for (index, tab) in tabs.enumerated() where tab.categoryID < Int(Int32.max) - 2 {
            tabList.append(newsTab(title: 3 + index, uniqueID: tab.categoryID + 2, feed: String(tab.categoryID)))
        }
        if hasGallery {
            tabList.append([
                "long_title": 2, "class_type": "Gallery_view_controller", "unique_id": 2,
                "data": [
                    "main_url": .string(feeds + "gallery?response_type=floki&keep_lang="), "row_height": 79, "cells_per_row": 4, "padding": 2,
                    "cache_size": .int(FlokiFeed.feedSize), "ttl": 300, "download_if_virgin": true, "allow_manual_reload": true,
                    "stretch_images": false,
                ],
            ])
        }
        let langs: [JSONValue] = languages.map { catalog in
            var strings: [(key: String, value: JSONValue)] = [("1", .string(catalog.text(.news))), ("2", .string(catalog.text(.gallery)))]
            for (index, tab) in tabs.enumerated() { strings.append((String(3 + index), .string(tab.name))) }
            for (index, id) in Self.reservedStrings.enumerated() { strings.append((String(10_000 + index), .string(catalog.text(id)))) }
            return .object([(key: catalog.tag.lowercased(), value: .object(strings))])
        }
        let document: JSONValue = [
            "tabs": .array(tabList), "langs": .array(langs), "misc": ["delete_disk_cache": [], "slash_scaled_images": []],
        ]
        self.appData = document.serialized
        self.version = Int(FNV1a.digest(self.appData.utf8) % UInt64(Int32.max - 1)) + 1
    }

    /// The version indicator: `v`, the app data's address, and how many seconds clients wait before
    /// asking again.
    public func beacon(appDataURL: String, ttl: Int) -> String {
        JSONValue.object([("v", .int(self.version)), ("url", .string(appDataURL)), ("ttl", .int(ttl))]).serialized
    }
}
