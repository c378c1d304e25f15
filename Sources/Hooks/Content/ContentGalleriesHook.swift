public import EndpointCore
public import Galleries
import Media
import Messages
public import News
public import Storage
import Text

/// `content/galleries`: the public, read-only galleries API for apps (`view` only). `id` picks the
/// resource — none (or `galleries`): the tree of galleries, each with its validated items counted;
/// `galleries/<name>`: that gallery, its sub-galleries and a page of its validated items in their
/// order (`limit`, 1–100, default 20; `cursor` from the last page's `next_cursor`); `changes`: what
/// changed after the token `since` (the tree's `sync`, then each answer's); `d` the device class of
/// the images (as `content/news`). With `response_type=floki`, `feed/<name>` is the gallery
/// as a Floki Gallery tab reads it (``FlokiSiteGallery``: `d`, `l`, `h`, `o` as news feeds).
/// Answers are the same for every caller, revalidated every time by their `ETag` alone: a gallery or
/// an item removed (with a library image, too) leaves no later date behind, so a `Last-Modified`
/// could answer 304 to a client holding what is gone.
public struct ContentGalleriesHook: Hook {
    private let answers: GalleryAnswers
    private let floki: FlokiSiteGallery
    private let database: Database

    public init(answers: GalleryAnswers, floki: FlokiSiteGallery, database: Database) {
        self.answers = answers
        self.floki = floki
        self.database = database
    }

    public var isPublic: Bool { true }
    public var speaksFloki: Bool { true }
    public func effect(of type: String?) -> OperationEffect { .readsOnly }
    public var parameterNames: Set<String> { FlokiSiteGallery.Request.names.union(["cursor", "limit", "since"]) }

    public func run(_ request: HookRequest) async throws -> HookResponse {
        guard request.type == nil || request.type == "view" else { throw EndpointError.refused(.invalidEndpointType) }
        if request.responseType == .floki { return try await self.flokiGallery(request) }
        let device = request.parameters.optionalEither("d")
        guard (device?.utf8.count ?? 0) <= 16 else { throw Refusal.malformed(.invalidParameter, "d") }
        let reader = GalleryAnswers.Reader(language: request.language.languageCode, device: DeviceClass(parameter: device))
        let limit = try request.parameters.number("limit", in: 1...GalleryAnswers.largestPage, default: GalleryAnswers.defaultPage)
        let cursor = request.parameters.optionalEither("cursor").flatMap { $0.isEmpty ? nil : $0 }
        let id = request.id ?? ""
        let answer: JSONValue = try await self.database.withConnection { connection in
            switch id {
            case "", GalleryLinks.resource:
                return try await self.answers.tree(for: reader, on: connection)
            case GalleryLinks.changes:
                return try await self.answers.changes(since: request.parameters.optionalEither("since"), for: reader, on: connection)
            default:
                return try await self.answers.gallery(
                    try Self.galleryName(id, in: GalleryLinks.resource), cursor: cursor, limit: limit, for: reader, on: connection)
            }
        }
        return HookResponse(data: answer, isCacheable: true, caching: .revalidated(lastModified: nil))
    }

    /// `feed/<name>` for a Floki client.
    private func flokiGallery(_ request: HookRequest) async throws -> HookResponse {
        let name = try Self.galleryName(request.id ?? "", in: GalleryLinks.flokiResource)
        let parameters = try FlokiSiteGallery.Request(request.parameters)
        let document = try await self.database.withConnection {
            try await self.floki.answer(name, parameters, language: request.language.languageCode, on: $0)
        }
        return HookResponse(data: document, isCacheable: true, caching: .revalidated(lastModified: nil), isDocument: true)
    }

    /// The gallery name in `id` (`<resource>/<name>`); refused when `id` names no gallery.
    private static func galleryName(_ id: String, in resource: String) throws(Refusal) -> String {
        let prefix = resource + "/"
        guard id.hasPrefix(prefix), id.utf8.count <= prefix.utf8.count + GalleryName.maximum else {
            throw .notFound(.galleryUnknownResource, TextLength.prefix(id, 60))
        }
        return String(id.dropFirst(prefix.count))
    }
}
