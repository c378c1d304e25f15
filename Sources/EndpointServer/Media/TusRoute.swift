import Auth
import Console
import EndpointCore
import Foundation
import HTTPTypes
import Hummingbird
import Media
import Messages
import Routes
import Storage

/// Resumable video uploads in the tus 1.0 protocol (core, creation, termination, expiration), for
/// members who may upload to the library (the console's staff), through one of two doors (``Door``):
/// the API's (`/uploads`) and the console's (`/admin/uploads`). The rules are
/// ``ResumableVideoUploads``'; this is their wire: `OPTIONS` discovery, `POST` with `Upload-Length`
/// and `Upload-Metadata` (`filename`, `caption`, `credit`, base64 as tus says), `HEAD` for the offset,
/// `PATCH` with `application/offset+octet-stream` bytes from `Upload-Offset` (a wrong offset is 409),
/// `DELETE`. Once the last byte arrived the upload is checked as a video; its ID comes back in
/// `Video-ID`. Refusals carry the envelope with the catalog's sentence.
struct TusRoute: Sendable {
    /// Who may upload through a door, and where its uploads are.
    enum Door: Sendable {
        /// `/uploads`: the apps and scripts, by the API's credentials (headers or cookies).
        case api(CallerRecognizer, Memberships)
        /// `/admin/uploads`: the console's media page, by the console's session (its cookie is sent
        /// to `/admin` only).
        case console(Console)
    }

    let door: Door
    let uploads: ResumableVideoUploads
    let config: ConfigStore
    let crossSite: CrossSiteCheck
    let gate: UploadGate
    let clientAddress: ClientAddress

    static let version = "1.0.0"

    private static let tusResumable = HTTPField.Name("Tus-Resumable")!
    private static let uploadOffset = HTTPField.Name("Upload-Offset")!
    private static let uploadLength = HTTPField.Name("Upload-Length")!
    private static let uploadMetadata = HTTPField.Name("Upload-Metadata")!
    private static let uploadExpires = HTTPField.Name("Upload-Expires")!
    private static let videoID = HTTPField.Name("Video-ID")!

    /// The answer to `request` for the door's uploads (`token` nil) or one of them; nil for a method
    /// neither answers.
    func answer(upload token: String?, _ request: Request, context: EndpointRequestContext) async throws -> Response? {
        if request.method == .options { return try await self.discovery() }
        switch (token, request.method) {
        // `HEAD` arrives as `GET` (``HeadRequests``), answered without a body.
        case (nil, .post), (.some, .get), (.some, .patch), (.some, .delete): break
        default: return nil
        }
        do {
            guard request.headers[Self.tusResumable] == Self.version else {
                throw EndpointError(status: 412, message: .tusVersion, headers: ["Tus-Version": Self.version])
            }
            let memberID = try await self.uploader(request)
            guard let token else { return try await self.create(request, memberID: memberID) }
            switch request.method {
            case .get: return self.status(try await self.uploads.status(token: token, memberID: memberID), status: .ok)
            case .patch: return try await self.append(request, token: token, memberID: memberID, context: context)
            default:
                try await self.uploads.terminate(token: token, memberID: memberID)
                return Response(status: .noContent, headers: [Self.tusResumable: Self.version])
            }
        } catch {
            throw RouteFailure(Self.described(error), form: .envelope(.notStored, .http))
        }
    }

    /// `OPTIONS`: what this server speaks.
    private func discovery() async throws -> Response {
        Response(
            status: .noContent,
            headers: [
                Self.tusResumable: Self.version, HTTPField.Name("Tus-Version")!: Self.version,
                HTTPField.Name("Tus-Extension")!: "creation,termination,expiration",
                HTTPField.Name("Tus-Max-Size")!: String(try await self.config.options().integer(.videoMaxBytes)),
            ])
    }

    /// The member sending the request, if they may upload to the library; a change sent with cookies
    /// must come from this site.
    private func uploader(_ request: Request) async throws -> Int {
        let cookies = CookieHeader.parse(request.headers[.cookie])
        let memberID: Int
        let channel: CredentialChannel?
        switch self.door {
        case .api(let recognizer, let memberships):
            let credentials = PresentedCredentials.find(
                formFields: [:], header: { name in HTTPField.Name(name).flatMap { request.headers[$0] } }, cookies: cookies)
            let caller = try await recognizer.recognize(credentials)
            guard caller.session != nil else { throw EndpointError(status: 401, message: .notLoggedIn) }
            guard let permissions = try await memberships.permissions(of: caller.memberID), ConsoleAccess.role(permissions) != nil else {
                let name = try await memberships.membership(of: caller.memberID)?.username ?? "Guest"
                throw EndpointError(status: 403, message: .accessDeniedPageAccess, arguments: [name])
            }
            (memberID, channel) = (caller.memberID, caller.channel)
        case .console(let console):
            guard let staff = try await console.uploader(cookies: cookies) else { throw EndpointError(status: 401, message: .consoleSessionEnded) }
            (memberID, channel) = (staff, .cookies)
        }
        if request.method != .get {
            try self.crossSite.admit(
                .changesState, channel: channel, method: request.method.rawValue,
                from: CrossSiteCheck.Provenance(
                    origin: request.headers[.origin], fetchSite: request.headers[.secFetchSite], host: request.head.authority))
        }
        return memberID
    }

    /// Where upload `token` of this door is.
    private func route(of token: String) -> String {
        switch self.door {
        case .api: SiteRoute.upload(token: token).target
        case .console: ConsoleRoute.upload(token: token).path
        }
    }

    /// `POST`: a new upload, at `Location`.
    private func create(_ request: Request, memberID: Int) async throws -> Response {
        guard let length = request.headers[Self.uploadLength].flatMap(Self.count), length > 0 else {
            throw EndpointError(status: 400, message: .tusHeader, arguments: ["Upload-Length"])
        }
        guard let metadata = Self.metadata(request.headers[Self.uploadMetadata] ?? "") else {
            throw EndpointError(status: 400, message: .tusHeader, arguments: ["Upload-Metadata"])
        }
        let (token, status) = try await self.uploads.create(
            length: length, name: UploadName.stem(metadata["filename"] ?? "", fallback: "video"), caption: metadata["caption"] ?? "",
            credit: metadata["credit"] ?? "", memberID: memberID)
        var response = self.status(status, status: .created)
        // Relative, as tus allows: the client resolves it against the URL it sent to (a balancer, a
        // proxy, this instance), so the next request finds the same site by the same way.
        response.headers[.location] = self.route(of: token)
        return response
    }

    /// `PATCH`: bytes from `Upload-Offset`, streamed to the media store.
    private func append(_ request: Request, token: String, memberID: Int, context: EndpointRequestContext) async throws -> Response {
        guard MediaTypeText.hasPrefix((request.headers[.contentType] ?? "").utf8, lowercased: "application/offset+octet-stream") else {
            throw EndpointError(status: 415, message: .tusContentType)
        }
        guard let offset = request.headers[Self.uploadOffset].flatMap(Self.count) else {
            throw EndpointError(status: 400, message: .tusHeader, arguments: ["Upload-Offset"])
        }
        let client = self.clientAddress.resolve(peer: context.remoteAddress, forwardedFor: request.headers[.xForwardedFor])
        guard let place = self.gate.enter(member: true, network: client) else {
            throw EndpointError(status: 503, message: .serverBusy, headers: ["Retry-After": "5"])
        }
        defer { place.leave() }
        let chunks = request.body.map { Array($0.readableBytesView) }
        return self.status(
            try await self.uploads.append(
                chunks, token: token, memberID: memberID, offset: offset, declaredBytes: request.headers[.contentLength].flatMap(Self.count)),
            status: .noContent)
    }

    /// An answer telling where an upload stands.
    private func status(_ status: ResumableVideoUploads.Status, status code: HTTPResponse.Status) -> Response {
        var headers: HTTPFields = [
            Self.tusResumable: Self.version, Self.uploadOffset: String(status.received), Self.uploadLength: String(status.length),
            Self.uploadExpires: HTTPDate.format(status.expiresAt), .cacheControl: "no-store",
        ]
        if let video = status.video { headers[Self.videoID] = String(video.id) }
        return Response(status: code, headers: headers)
    }

    /// A header's byte count or offset: digits only.
    private static func count(_ text: String) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        return Int(text)
    }

    /// `Upload-Metadata`'s pairs (`key base64value`, comma-separated; a key alone has an empty value);
    /// nil when a value is no base64 of UTF-8 text or a key repeats.
    static func metadata(_ header: String) -> [String: String]? {
        var pairs: [String: String] = [:]
        for pair in header.split(separator: ",") {
            let parts = pair.trimmingCharacters(in: .whitespaces).split(separator: " ", omittingEmptySubsequences: true)
            guard let key = parts.first, parts.count <= 2, pairs[String(key)] == nil else { return nil }
            guard parts.count == 2 else {
                pairs[String(key)] = ""
                continue
            }
            guard let data = Data(base64Encoded: String(parts[1])), let value = String(data: data, encoding: .utf8) else { return nil }
            pairs[String(key)] = value
        }
        return pairs
    }

    /// The status tus clients expect for each refusal, with the catalog's sentence.
    private static func described(_ error: any Error) -> any Error {
        let status: Int
        let refusal: Refusal
        switch error {
        case let failure as ResumableVideoUploads.Failure:
            refusal = failure.refusal
            switch failure {
            case .notFound: status = 404
            case .offsetMismatch: status = 409
            case .busy: status = 423
            case .tooMuch: status = 413
            }
        case let failure as VideoFailure:
            refusal = failure.refusal
            switch failure {
            case .tooLarge: status = 413
            case .unsupportedType: status = 415
            default: status = 422
            }
        case var failure as EndpointError:
            failure.headers["Tus-Resumable"] = Self.version
            return failure
        default: return error
        }
        return EndpointError(status: status, message: refusal.message, arguments: refusal.arguments, headers: ["Tus-Resumable": TusRoute.version])
    }
}
