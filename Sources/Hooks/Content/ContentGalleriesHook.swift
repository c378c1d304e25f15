public import EndpointCore
public import Galleries
import Media
import Messages
public import Storage
import Text

/// `content/galleries`: the public, read-only galleries API for apps (`view` only). `id` picks the
/// resource — none (or `galleries`): the tree of galleries, each with its validated items counted;
/// `galleries/<name>`: that gallery, its sub-galleries and a page of its validated items in their
/// order (`limit`, 1–100, default 20; `cursor` from the last page's `next_cursor`); `d` the device
/// class of the images (as `content/news`). Answers are the same for every caller, revalidated every
/// time by their `ETag` alone: a gallery or an item removed (with a library image, too) leaves no
/// later date behind, so a `Last-Modified` could answer 304 to a client holding what is gone.
public struct ContentGalleriesHook: Hook {
    private let answers: GalleryAnswers
    private let database: Database

    public init(answers: GalleryAnswers, database: Database) {
        self.answers = answers
        self.database = database
    }

    public var isPublic: Bool { true }
    public func effect(of type: String?) -> OperationEffect { .readsOnly }
    public var parameterNames: Set<String> { ["cursor", "limit", "d"] }

    public func run(_ request: HookRequest) async throws -> HookResponse {
        guard request.type == nil || request.type == "view" else { throw EndpointError.refused(.invalidEndpointType) }
        let device = request.parameters.optionalEither("d")
        guard (device?.utf8.count ?? 0) <= 16 else { throw Refusal.malformed(.invalidParameter, "d") }
        let reader = GalleryAnswers.Reader(language: request.language.languageCode, device: DeviceClass(parameter: device))
        let limit = try request.parameters.number("limit", in: 1...GalleryAnswers.largestPage, default: GalleryAnswers.defaultPage)
        let cursor = request.parameters.optionalEither("cursor").flatMap { $0.isEmpty ? nil : $0 }
        let id = request.id ?? ""
        let answer: JSONValue = try await self.database.withConnection { connection in
            switch id {
            case "", Self.resource:
                return try await self.answers.tree(for: reader, on: connection)
            case _ where id.hasPrefix(Self.resource + "/") && id.utf8.count <= Self.resource.utf8.count + 1 + GalleryName.maximum:
                return try await self.answers.gallery(
                    String(id.dropFirst(Self.resource.count + 1)), cursor: cursor, limit: limit, for: reader, on: connection)
            default:
                throw Refusal.notFound(.galleryUnknownResource, TextLength.prefix(id, 60))
            }
        }
        return HookResponse(data: answer, isCacheable: true, caching: .revalidated(lastModified: nil))
    }

    /// The resource `id` names: the galleries, or one of them after a `/`.
    static let resource = "galleries"
}
