import Foundation

/// The Floki clients' rules, ported from their code so tests drive the server as they do:
/// `gradha/OpenIrekia-iOS` (`NSDictionary+Floki.m` `get_url`, `FLContent_view_controller.m`
/// `prettify_request_url` and `sort_and_purge_items`, `FLNews_view_controller.m`
/// `process_new_items`) and `gradha/OpenIrekia-Android` (`JSON.java` `get_url`, `zerg/Broodling.java`).
package enum FlokiClient {
    /// What both clients do to every URL they are given (`url`, `share_url`, `image`, Android's
    /// `main_url` too): trimmed, then every UTF-16 unit outside `[A-Za-z0-9;/?:@&=_+.,%]` replaced by
    /// `%` and its lower-case hex code without padding (`-` → `%2d`, `é` → `%e9`).
    package static func mangle(_ url: String) -> String {
        let kept = Set(";/?:@&=_+.,%".utf16)
        var mangled = ""
        for unit in url.trimmingCharacters(in: .whitespacesAndNewlines).utf16 {
            let isAlphanumeric =
                (UInt16(UInt8(ascii: "0"))...UInt16(UInt8(ascii: "9"))).contains(unit)
                || (UInt16(UInt8(ascii: "A"))...UInt16(UInt8(ascii: "Z"))).contains(unit)
                || (UInt16(UInt8(ascii: "a"))...UInt16(UInt8(ascii: "z"))).contains(unit)
            if isAlphanumeric || kept.contains(unit) {
                mangled.append(Character(Unicode.Scalar(unit)!))
            } else {
                mangled += "%" + String(unit, radix: 16)
            }
        }
        return mangled
    }

    /// iOS's request URL: `d`, then `l` and `h` (the lowest and highest positive IDs held) when any
    /// item is held, then `o` (the ID of the last item in list order) for "load older"; joined with
    /// `?` or `&` as the URL already has a query or not.
    package static func requestURL(_ url: String, device: Int, holding items: [Item], older: Bool = false) -> String {
        var parameters = ["d=\(device)"]
        let ids = items.map(\.id).filter { $0 > 0 }
        if let lowest = ids.min(), let highest = ids.max() { parameters += ["l=\(lowest)", "h=\(highest)"] }
        if older, let last = items.last(where: { $0.id > 0 }) { parameters.append("o=\(last.id)") }
        return url + (url.contains("?") ? "&" : "?") + parameters.joined(separator: "&")
    }

    /// The address iOS opens for a link its web view was asked to follow when one of a tab's
    /// expressions matches it — a Gallery tab's `gallery_regex`, a News tab's `videos_regex` or
    /// `tags_regex` (`FLWeb_view_controller.m` `test_regex`: the first group's text;
    /// `FLRemote_connection.m` `replace_search_params`: `_LNG_` replaced by the app's language,
    /// `_WORDS_` by the text split at spaces, each part percent-encoded, joined by `+`, and for a paged
    /// list — `tags_url`, `FLPagination_info` from page 1 — `_PAGE_` by the page) — paired with its
    /// address (`gallery_url`, `videos_url`, `tags_url`); nil when no expression matches, or the
    /// address has no `_WORDS_` (or no `_PAGE_` for a page).
    package static func capturedAddress(following link: String, patterns: [String], address: String?, language: String, page: Int? = nil) -> String? {
        guard let address, address.contains("_WORDS_"), page == nil || address.contains("_PAGE_") else { return nil }
        for pattern in patterns {
            guard let expression = try? NSRegularExpression(pattern: pattern),
                let match = expression.firstMatch(in: link, range: NSRange(link.startIndex..., in: link)), match.numberOfRanges > 1,
                let range = Range(match.range(at: 1), in: link)
            else { continue }
            let words = link[range].split(whereSeparator: \.isWhitespace).map { $0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "" }
            let replaced = address.replacingOccurrences(of: "_LNG_", with: language).replacingOccurrences(of: "_WORDS_", with: words.joined(separator: "+"))
            return page.map { replaced.replacingOccurrences(of: "_PAGE_", with: String($0)) } ?? replaced
        }
        return nil
    }

    /// An item as the clients keep it.
    package struct Item: Equatable {
        package var id: Int
        package var sortID: Int
        package var title: String
        package var url: String?
        package var shareURL: String?
        package var image: String?
        package var expirationDate: Int
        package var sectionIDs: [Int]

        /// Nil for what the clients discard: no positive 32-bit `id`, no `title`.
        package init?(_ json: [String: Any]) {
            guard let id = json["id"] as? Int, id > 0, id <= Int(Int32.max), let title = json["title"] as? String else { return nil }
            self.id = id
            self.sortID = json["sort_id"] as? Int ?? id
            self.title = title
            self.url = (json["url"] as? String).map(FlokiClient.mangle)
            self.shareURL = (json["share_url"] as? String).map(FlokiClient.mangle)
            self.image = (json["image"] as? String).map(FlokiClient.mangle)
            self.expirationDate = json["expiration_date"] as? Int ?? 0
            self.sectionIDs = json["section_ids"] as? [Int] ?? []
        }
    }

    /// A gallery item as both clients keep it (iOS `FLGallery_item.m`, Android `Gallery_item.java`):
    /// a content item with a thumbnail `image` and the full version's `width` and `height` above 0;
    /// iOS opens it with its `class_type` — one of the protocol's controllers, the photo's when absent
    /// — handing `url` to that controller as its `main_url` (`FLContent_item.m` `get_controller`).
    package struct GalleryItem {
        package var item: Item
        package var width: Int
        package var height: Int
        package var classType: String
        package var data: [String: Any]

        static let controllers: Set = [
            "Photo_view_controller", "Gallery_view_controller", "News_view_controller", "Web_view_controller", "Movie_view_controller",
        ]

        /// Nil for what the clients discard.
        package init?(_ json: [String: Any]) {
            guard let item = Item(json), item.image != nil, let width = json["width"] as? Int, let height = json["height"] as? Int, width > 0,
                height > 0
            else { return nil }
            let classType = json["class_type"] as? String ?? "Photo_view_controller"
            guard Self.controllers.contains(classType) else { return nil }
            self.item = item
            self.width = width
            self.height = height
            self.classType = classType
            self.data = json["data"] as? [String: Any] ?? [:]
        }
    }

    /// A news or gallery tab on iOS: every answer is merged into what it holds (an item sent again
    /// replaces its copy), sorted by `sort_id`, purged of `to_delete` and of expired items; the "load
    /// older" cell is shown when this answer says `has_older`. A gallery's `thumbs` keep only what
    /// ``GalleryItem`` keeps.
    package struct IOSTab {
        package var items: [Item] = []
        package var showsLoadOlder = false

        package init() {}

        package mutating func receive(_ answer: [String: Any], now: Int) {
            let received =
                (answer["items"] as? [[String: Any]] ?? []).compactMap(Item.init)
                + (answer["thumbs"] as? [[String: Any]] ?? []).compactMap { GalleryItem($0)?.item }
            let receivedIDs = Set(received.map(\.id))
            var merged = received + self.items.filter { !receivedIDs.contains($0.id) }
            merged.sort { $0.sortID > $1.sortID }
            let deleted = Set(answer["to_delete"] as? [Int] ?? [])
            merged.removeAll { deleted.contains($0.id) || ($0.expirationDate > 0 && $0.expirationDate < now) }
            self.items = merged
            self.showsLoadOlder = answer["has_older"] as? Bool ?? false
        }
    }

    /// A news tab on Android: an answer with items replaces what it holds, purged of `to_delete` and
    /// of expired items, sorted, and cut to `cache_size`; an answer without items changes nothing.
    package struct AndroidTab {
        package var items: [Item] = []
        package let cacheSize: Int

        package init(cacheSize: Int = 50) {
            self.cacheSize = cacheSize
        }

        package mutating func receive(_ answer: [String: Any], now: Int) {
            var received = (answer["items"] as? [[String: Any]] ?? []).compactMap(Item.init)
            guard !received.isEmpty else { return }
            let deleted = Set(answer["to_delete"] as? [Int] ?? [])
            received.removeAll { deleted.contains($0.id) || ($0.expirationDate > 0 && $0.expirationDate < now) }
            received.sort { $0.sortID > $1.sortID }
            self.items = Array(received.prefix(self.cacheSize))
        }
    }
}
