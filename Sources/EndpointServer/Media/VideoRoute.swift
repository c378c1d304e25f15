import EndpointCore
import HTTPTypes
import Hummingbird
import Media
import NIOCore
import Routes

/// `GET` and `HEAD /video/<content hash>/<file>`: a file made for a video — HLS playlists and segments,
/// the MP4 — served as a CDN would: only files listed as whole (``VideoFiles``), byte ranges (`206`,
/// `Accept-Ranges`, `If-Range`, `416` past the end), a strong `ETag` and a year of caching (the made
/// folder in every URL changes with every make), streamed from the shared media store a chunk at a
/// time. Any site may play them (`Access-Control-Allow-Origin: *`: they are as public as the article
/// that shows them). A file not listed is 404 (the envelope, with its sentence), whatever is on disk.
struct VideoRoute: Sendable {
    let files: VideoFiles

    func serve(hash: String, file: String, _ request: Request, context: EndpointRequestContext) async throws -> Response {
        guard let served = try await self.files.open(contentHash: hash, path: file) else { throw VideoFailure.noSuchFile(file) }
        let size = served.file.size
        var headers: HTTPFields = [
            .cacheControl: "public, max-age=31536000, immutable", .eTag: served.entityTag, .acceptRanges: "bytes",
            .contentType: Self.contentType(of: file), .xContentTypeOptions: "nosniff", .accessControlAllowOrigin: "*",
        ]
        if Envelope.Conditions(ifNoneMatch: request.headers[.ifNoneMatch]).isMet(tag: served.entityTag, lastModified: nil) {
            return Response(status: .notModified, headers: headers)
        }
        // A range of another version of the file than the client holds is the whole file.
        let ifRange = request.headers[.ifRange]
        let range = ifRange == nil || ifRange == served.entityTag ? ByteRange(header: request.headers[.range], size: size) : .whole
        let head = request.method == .head
        switch range {
        case .whole:
            headers[.contentLength] = String(size)
            return Response(
                status: .ok, headers: headers, body: head ? ResponseBody() : try FileBody.body(served.file, count: size, connection: context.channel))
        case .part(let first, let last):
            headers[.contentRange] = "bytes \(first)-\(last)/\(size)"
            headers[.contentLength] = String(last - first + 1)
            let body = head ? ResponseBody() : try FileBody.body(served.file, offset: first, count: last - first + 1, connection: context.channel)
            return Response(status: .partialContent, headers: headers, body: body)
        case .unsatisfiable:
            headers[.contentRange] = "bytes */\(size)"
            headers[.contentLength] = "0"
            return Response(status: .rangeNotSatisfiable, headers: headers)
        }
    }

    /// `GET /video/<content hash>`: a video's lasting link, redirected (`302`, kept a minute) to the MP4
    /// of its current make, which any browser plays; 404 for no video, or one not ready.
    func redirect(hash: String) async throws -> Response {
        guard let video = try await self.files.video(contentHash: hash), let mp4 = VideoLinks.progressive(of: video) else {
            throw VideoFailure.noSuchFile(hash)
        }
        return Response(status: .found, headers: [.location: mp4.target, .cacheControl: "public, max-age=60"])
    }

    private static func contentType(of file: String) -> String {
        if file.hasSuffix(".m3u8") { return "application/vnd.apple.mpegurl" }
        if file.hasSuffix(".ts") { return "video/mp2t" }
        if file.hasSuffix(".mp4") { return "video/mp4" }
        return "application/octet-stream"
    }
}
