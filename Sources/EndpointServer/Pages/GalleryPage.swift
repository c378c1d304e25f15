import EndpointCore
import Galleries
import HTTPTypes
import Hummingbird
import Media
import Messages
import Routes
import Storage
import Text

/// `GET /galleries/<name>`: a gallery as a small web page — its title and description, the way back
/// to the gallery holding it, the galleries inside it, and its validated items a page at a time
/// (`cursor`), images at the phone's size with their alt text, ready videos playable — what
/// `content/galleries` answers, laid out as the article page is (same style sheet, same strict
/// `Content-Security-Policy`, every value escaped by the template). Old addresses of the Composr
/// site's galleries and entries redirect here for good.
struct GalleryPage: Sendable {
    let answers: GalleryAnswers
    let database: Database
    let config: ConfigStore
    let languages: LanguageNegotiation

    static let pageSize = 24

    /// Gallery `name`'s page from `cursor` (the 404 page for a gallery the site does not have).
    func show(_ name: String, cursor: String?, _ request: Request) async throws -> Response {
        let messages = await self.languages.catalog(for: request)
        var context: [String: Any] = ["language": messages.tag, "site": try await self.config.options().siteName]
        let reader = GalleryAnswers.Reader(language: messages.languageCode, device: DeviceClass(parameter: nil))
        let read: (answer: JSONValue, parent: Gallery?)
        do {
            read = try await self.database.withConnection { connection in
                let answer = try await self.answers.gallery(
                    TextLength.prefix(name, GalleryName.maximum + 1), cursor: cursor, limit: Self.pageSize, for: reader, on: connection)
                guard case .string(let parent)? = answer["gallery"]?["parent"] else { return (answer, nil) }
                return (answer, try await GalleryStore.gallery(named: parent, on: connection))
            }
        } catch let refusal as Refusal {
            context["title"] = messages.text(.pageProblemTitle)
            context["error"] = messages.text(refusal.message, refusal.arguments)
            return ArticlePage.response(
                refusal.kind == .notFound ? .notFound : .badRequest, context, messages: messages, cacheControl: "no-store", template: PageTemplate.gallery)
        }
        let gallery = read.answer["gallery"] ?? [:]
        context["title"] = gallery["title"].flatMap(Self.text)
        if let description = gallery["description"].flatMap(Self.text), !description.isEmpty { context["description"] = description }
        if let parent = read.parent {
            let label = messages.text(.galleryParent, parent.text(in: messages.languageCode).title)
            context["parent"] = ["path": SiteRoute.galleryPage(name: parent.name, query: .none).target, "label": label]
        }
        if case .array(let inside)? = gallery["galleries"], !inside.isEmpty {
            context["galleries_title"] = messages.text(.galleries)
            context["galleries"] = inside.map { summary -> [String: Any] in
                let name = summary["name"].flatMap(Self.text) ?? ""
                return [
                    "name": name, "path": SiteRoute.galleryPage(name: name, query: .none).target, "title": summary["title"].flatMap(Self.text) ?? "",
                    "count": summary["item_count"].flatMap(Self.number) ?? 0,
                ]
            }
        }
        if case .array(let items)? = read.answer["items"] { context["items"] = items.compactMap(Self.item) }
        if case .string(let next)? = read.answer["page"]?["next_cursor"] {
            context["next"] = ["path": SiteRoute.galleryPage(name: name, query: RouteQuery([("cursor", next)])).target, "label": messages.text(.next)]
        }
        // Revalidated every time, as `content/galleries` is: an item removed leaves no later date.
        return ArticlePage.response(.ok, context, messages: messages, cacheControl: "public, no-cache", template: PageTemplate.gallery)
    }

    /// An old address of the Composr site's galleries: a permanent redirect to the page of the gallery
    /// it names, or holding the entry it names; the 404 page when there is none.
    func redirect(fromComposr address: ComposrGalleryAddress, _ request: Request) async throws -> Response {
        let name: String? = try await self.database.withConnection { connection in
            switch address {
            case .gallery(let name): try await GalleryStore.gallery(named: TextLength.prefix(name, GalleryName.maximum + 1), on: connection)?.name
            case .image(let id): try await GalleryComposrStore.galleryName(ofEntry: "image", id, on: connection)
            case .video(let id): try await GalleryComposrStore.galleryName(ofEntry: "video", id, on: connection)
            }
        }
        guard let name else {
            let messages = await self.languages.catalog(for: request)
            let context: [String: Any] = [
                "language": messages.tag, "site": try await self.config.options().siteName, "title": messages.text(.pageProblemTitle),
                "error": messages.text(.galleryOldAddress),
            ]
            return ArticlePage.response(.notFound, context, messages: messages, cacheControl: "no-store", template: PageTemplate.gallery)
        }
        return Response(
            status: .movedPermanently, headers: [.location: SiteRoute.galleryPage(name: name, query: .none).target, .cacheControl: "public, max-age=86400"])
    }

    /// An item as the page shows it: an image, or a video once it plays (one still being made is left
    /// out).
    private static func item(_ item: JSONValue) -> [String: Any]? {
        var shown: [String: Any] = ["id": item["id"].flatMap(Self.number) ?? 0]
        for key in ["caption", "credit"] {
            if let text = item[key].flatMap(Self.text), !text.isEmpty { shown[key] = text }
        }
        if let image = item["image"], let url = image["url"].flatMap(Self.text) {
            shown["image"] = [
                "url": url, "width": image["width"].flatMap(Self.number) ?? 0, "height": image["height"].flatMap(Self.number) ?? 0,
                "alt": image["alt_text"].flatMap(Self.text) ?? "",
            ]
        } else if let video = item["video"], let hls = video["hls_url"].flatMap(Self.text), let mp4 = video["mp4_url"].flatMap(Self.text) {
            var fields: [String: Any] = [
                "hls": hls, "mp4": mp4, "width": video["width"].flatMap(Self.number) ?? 0, "height": video["height"].flatMap(Self.number) ?? 0,
            ]
            if let poster = video["poster"].flatMap(Self.text) { fields["poster"] = poster }
            shown["video"] = fields
        } else {
            return nil
        }
        return shown
    }

    private static func text(_ value: JSONValue) -> String? {
        if case .string(let text) = value { text } else { nil }
    }

    private static func number(_ value: JSONValue) -> Int? {
        if case .int(let number) = value { number } else { nil }
    }
}
