import EndpointCore
import HTTPTypes
import Hooks
import Hummingbird
import Media
import Messages
import NIOCore
import Routes

/// `GET` and `HEAD /media/<content hash>/<name>.<extension>`: an uploaded image, upright and without metadata —
/// the original re-encoded, `?d=N` fitted to Floki's device class N (as Floki clients fetch
/// `…/upv02.jpg?d=2`), `?s=N` a square thumbnail. WebP to clients that name it in `Accept`, else JPEG
/// or PNG (`Vary: Accept`). The hash makes the URL immutable: a year of caching, a strong `ETag`
/// naming the version and format, 304s. Failures are the JSON envelope with a catalog sentence
/// (``FailureAnswers``): 404 for an unknown image, 400 for an unknown version, 503 with `Retry-After`
/// while the version workshop is full or the database (which holds the originals) is unavailable.
struct MediaRoute: Sendable {
    let media: MediaVersions

    /// The version `query` names of the image with content hash `hash`; the headers only for `HEAD`.
    func serve(hash: String, query: RouteQuery, _ request: Request, context: EndpointRequestContext) async throws -> Response {
        let accept = request.headers.value(of: .accept)
        let version = try MediaVersion(d: query.first("d"), s: query.first("s"))
        let conditions = Envelope.Conditions(ifNoneMatch: request.headers.value(of: .ifNoneMatch))
        if conditions.ifNoneMatch != nil, let tag = try await self.media.entityTag(contentHash: hash, version: version, accept: accept),
            conditions.isMet(tag: tag, lastModified: nil)
        {
            var response = Response(status: .notModified, headers: Self.headers(tag: tag))
            response.headers[.contentType] = nil
            return response
        }
        guard let served = try await self.media.serve(contentHash: hash, version: version, accept: accept) else {
            throw MediaFailure.noSuchImage(hash)
        }
        var headers = Self.headers(tag: served.entityTag)
        headers[.contentType] = served.format.contentType
        headers[.contentLength] = String(served.size)
        let head = request.method == .head
        return Response(status: .ok, headers: headers, body: head ? ResponseBody() : try Self.body(served.bytes, connection: context.channel))
    }

    /// The version's bytes as an answer: a cached file, sent from it by the connection (``FileBody``),
    /// or the bytes just made (shared by every request that waited for them).
    private static func body(_ bytes: MediaVersions.Served.Bytes, connection: any Channel) throws(CachedFile.Unreadable) -> ResponseBody {
        switch bytes {
        case .made(let buffer): ResponseBody(byteBuffer: buffer)
        case .file(let file): try FileBody.body(file, count: file.size, connection: connection)
        }
    }

    private static func headers(tag: String) -> HTTPFields {
        [
            .cacheControl: "public, max-age=31536000, immutable",
            .eTag: tag,
            .vary: "Accept",
            .xContentTypeOptions: "nosniff",
            .contentSecurityPolicy: "default-src 'none'",
        ]
    }
}
