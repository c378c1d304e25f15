import Foundation
import TestSupport

/// The MIT News apps' reading rules, ported from their code so tests fail where the apps would.
///
/// Android (`MIT-Mobile-for-Android`, `news/net/*Parser.java`): a list is `new JSONArray(text)` whose
/// every element must parse; a story needs `id`, `url`, `source_url`, `published_at` (strings) and
/// `featured` (a boolean), and any `title`, `author`, `type`, `dek`, `body_html` present must be
/// strings, `category` an object, `cover_image` an object, `gallery_images` an array; a category needs
/// `id`, `url`, `name`; an image needs `representations`, each with `url` and whole-number `width` and
/// `height`. (org.json would also turn numbers into strings; the port is strict, as the server must be.)
///
/// iOS (`MIT-Mobile-for-iOS`, RestKit mappings in `MITNewsStory.m`, `MITNewsImage*.m`,
/// `MITNewsCategory.m`): the response's root array is mapped; `published_at` must parse as an ISO 8601
/// date; a representation's `url` identifies it, so one answer must not give one URL two sizes; the
/// next page is the `Link` header's `rel="next"` URL (`Foundation+MITAdditions.m`), fetched again by
/// path and decoded query (`MITMobile.m`), and only if its path is the stories resource's.
enum MITNewsClients {
    struct Category: Equatable {
        var id: String
        var name: String
        var url: String
    }

    struct Representation: Equatable {
        var url: String
        var width: Int
        var height: Int
    }

    struct Image: Equatable {
        var caption: String?
        var credits: String?
        var description: String?
        var representations: [Representation]
    }

    struct Story: Equatable {
        var id: String
        var url: String
        var sourceURL: String
        var title: String?
        var author: String?
        var dek: String?
        var publishedAt: String
        var featured: Bool
        var type: String?
        var bodyHTML: String?
        var category: Category?
        var coverImage: Image?
        var galleryImages: [Image]
    }

    enum Android {
        static func stories(_ body: Data) -> [Story]? {
            guard let array = (try? JSONSerialization.jsonObject(with: body)) as? [Any] else { return nil }
            var stories: [Story] = []
            for element in array {
                guard let object = element as? [String: Any], let story = Self.story(object) else { return nil }
                stories.append(story)
            }
            return stories
        }

        static func story(_ body: Data) -> Story? {
            ((try? JSONSerialization.jsonObject(with: body)) as? [String: Any]).flatMap(Self.story)
        }

        static func categories(_ body: Data) -> [Category]? {
            guard let array = (try? JSONSerialization.jsonObject(with: body)) as? [Any] else { return nil }
            let categories = array.compactMap { ($0 as? [String: Any]).flatMap(Self.category) }
            return categories.count == array.count ? categories : nil
        }

        /// `StoryParser.parseObject`: nil where it would catch a `JSONException`.
        static func story(_ object: [String: Any]) -> Story? {
            guard let id = object["id"] as? String, let url = object["url"] as? String, let source = object["source_url"] as? String,
                let published = object["published_at"] as? String, let featured = object["featured"] as? Bool
            else { return nil }
            var story = Story(
                id: id, url: url, sourceURL: source, publishedAt: published, featured: featured, galleryImages: [])
            for (key, path) in [("title", \Story.title), ("author", \.author), ("type", \.type), ("dek", \.dek), ("body_html", \.bodyHTML)]
            where object[key] != nil {
                guard let text = object[key] as? String else { return nil }
                story[keyPath: path] = text
            }
            if object["category"] != nil {
                guard let category = (object["category"] as? [String: Any]).flatMap(Self.category) else { return nil }
                story.category = category
            }
            if object["cover_image"] != nil {
                guard let image = (object["cover_image"] as? [String: Any]).flatMap(Self.image) else { return nil }
                story.coverImage = image
            }
            if object["gallery_images"] != nil {
                guard let images = object["gallery_images"] as? [Any] else { return nil }
                story.galleryImages = images.compactMap { ($0 as? [String: Any]).flatMap(Self.image) }
                guard story.galleryImages.count == images.count else { return nil }
            }
            return story
        }

        static func category(_ object: [String: Any]) -> Category? {
            guard let id = object["id"] as? String, let url = object["url"] as? String, let name = object["name"] as? String else { return nil }
            return Category(id: id, name: name, url: url)
        }

        static func image(_ object: [String: Any]) -> Image? {
            guard let list = object["representations"] as? [Any] else { return nil }
            let representations: [Representation] = list.compactMap { element in
                guard let value = element as? [String: Any], let url = value["url"] as? String, let width = value["width"] as? Int,
                    let height = value["height"] as? Int
                else { return nil }
                return Representation(url: url, width: width, height: height)
            }
            guard representations.count == list.count else { return nil }
            return Image(
                caption: object["caption"] as? String, credits: object["credits"] as? String, description: object["description"] as? String,
                representations: representations)
        }
    }

    enum IOS {
        /// RestKit's mapping of a root array; nil where mapping would fail or lose a story.
        static func stories(_ body: Data) -> [Story]? {
            guard let stories = Android.stories(body) else { return nil }
            let dates = ISO8601DateFormatter()
            guard stories.allSatisfy({ dates.date(from: $0.publishedAt) != nil }) else { return nil }
            var sizes: [String: Representation] = [:]
            for representation in stories.flatMap({ ([$0.coverImage].compactMap { $0 } + $0.galleryImages).flatMap(\.representations) }) {
                if let other = sizes.updateValue(representation, forKey: representation.url), other != representation { return nil }
            }
            return stories
        }

        static func categories(_ body: Data) -> [Category]? {
            Android.categories(body)
        }

        /// The order the stories data source shows: `publishedAt` descending, then `featured`
        /// ascending, then `identifier` descending as text.
        static func shownOrder(_ stories: [Story]) -> [Story] {
            let dates = ISO8601DateFormatter()
            return stories.sorted { left, right in
                let (a, b) = (dates.date(from: left.publishedAt) ?? .distantPast, dates.date(from: right.publishedAt) ?? .distantPast)
                if a != b { return a > b }
                if left.featured != right.featured { return !left.featured }
                return left.id > right.id
            }
        }

        /// The URL the app fetches for the next page: the header split on `,`, each part trimmed and
        /// matched with `<(.+)>;\s+rel="(.+)"` (case-insensitive; the groups read from the untrimmed
        /// part, as the app does), the `next` one's path and decoded query sent again (in RestKit's
        /// order: by name). Throws when the path is not the stories resource's, which the app would not
        /// match to any resource.
        static func nextPage(linkHeader: String?) throws -> String? {
            guard let header = linkHeader else { return nil }
            let pattern = try NSRegularExpression(pattern: #"<(.+)>;\s+rel="(.+)""#, options: .caseInsensitive)
            for link in header.components(separatedBy: ",") {
                let trimmed = link.trimmingCharacters(in: .whitespaces)
                guard let match = pattern.firstMatch(in: trimmed, range: NSRange(trimmed.startIndex..., in: trimmed)), match.numberOfRanges == 3,
                    let urlRange = Range(match.range(at: 1), in: link), let relRange = Range(match.range(at: 2), in: link),
                    link[relRange] == "next"
                else { continue }
                guard let components = URLComponents(string: String(link[urlRange])), components.path == "/apis/news/stories/" else {
                    throw TestFailure("iOS matches no resource to the next page \(link)")
                }
                let query = (components.queryItems ?? []).sorted { $0.name < $1.name }
                    .map { "\($0.name)=\(($0.value ?? "").addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")" }
                return components.path + "?" + query.joined(separator: "&")
            }
            return nil
        }
    }
}
