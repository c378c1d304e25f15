import Auth
import Crypto
import EndpointCore
import HTTPTypes
import Hummingbird
import Messages
import NIOCore
import Text

/// Renders every answer of `/data/endpoint.php` as Composr's JSON envelope (reference §2).
///
/// `{"success": bool, "error_details": string|null, "response_data": …}` with the keys in that order,
/// and the headers both SDKs accept, plus the answer's language (`Content-Language`, and
/// `Vary: Accept-Language` since the header may have chosen it). This is the only place that turns
/// outcomes into HTTP responses.
enum Envelope {
    /// A successful answer: `error_details` is null.
    ///
    /// A `cacheable` answer carries a strong `ETag` (a hash of its body); when `ifNoneMatch` names that
    /// tag (or is `*`) it becomes a bodiless 304 with the same headers, so clients revalidate cached
    /// reads for free. Without `If-None-Match`, an answer with a `Last-Modified` no later than
    /// `ifModifiedSince` is a 304 too (RFC 9110 §13.2.2: the tag wins).
    ///
    /// A `document` is sent as it is, without the envelope (a Floki feed). A `rendering` (data
    /// serialized and tagged when the answer was kept) is used as it is.
    static func success(
        _ data: JSONValue, requestID: String, language: MessageCatalog, headers: [(name: String, value: String)] = [],
        cacheable: Bool = false, caching: CachePolicy = .private, conditions: Conditions = Conditions(), document: Bool = false,
        rendering: HookResponse.Rendering? = nil
    ) -> Response {
        if cacheable, let rendering, conditions.isMet(tag: rendering.tag, lastModified: caching.lastModified) {
            let headersOnly = self.response(status: .ok, body: ByteBuffer(), requestID: requestID, language: language, headers: headers, caching: caching)
            return Self.notModified(headersOnly, tag: rendering.tag)
        }
        let body =
            rendering.map { kept in kept.framedBody { Self.framed(kept.bytes, document: document) } }
            ?? Self.framed(data.serializedBytes, document: document)
        var response = self.response(status: .ok, body: body, requestID: requestID, language: language, headers: headers, caching: caching)
        guard cacheable else { return response }
        let tag = rendering?.tag ?? "\"" + String(Hex.encode(SHA256.hash(data: body.readableBytesView)).prefix(32)) + "\""
        response.headers[.eTag] = tag
        return conditions.isMet(tag: tag, lastModified: caching.lastModified) ? Self.notModified(response, tag: tag) : response
    }

    /// A live answer (Server-Sent Events, ``EventStream``): `text/event-stream`, stored by no cache and
    /// not held back by proxies (`X-Accel-Buffering: no`, which nginx reads), written as the stream
    /// sends. The connection's send buffer is kept small (``streamSendBuffer``), so a client that stops
    /// reading holds little memory and is soon seen as behind; a client that hangs up ends it at once
    /// (``EventStreamOutlet``).
    static func stream(_ stream: EventStream, requestID: String, language: MessageCatalog, connection: any Channel) -> Response {
        var headers = Self.streamHeaders
        headers.append(HTTPField(name: .xRequestID, value: requestID))
        headers.append(HTTPField(name: .contentLanguage, value: language.tag))
        connection.setOption(ChannelOptions.socketOption(.so_sndbuf), value: Self.streamSendBuffer).whenFailure { _ in }
        let streamWriter = EventStreamWriter(channel: connection)
        return Response(
            status: .ok, headers: headers,
            body: ResponseBody { writer in
                defer { streamWriter.finish() }
                try await stream.run(
                    { try await streamWriter.send(EventStream.joined($0)) },
                    EventStream.Connection(
                        push: streamWriter.push, cutOff: { connection.close(promise: nil) },
                        whenClosed: { callback in connection.closeFuture.whenComplete { _ in callback() } })
                )
                try await writer.finish(nil)
            })
    }

    /// The kernel's send buffer for a live stream's connection, in bytes.
    static let streamSendBuffer: SocketOptionValue = 64 * 1024

    private static let streamHeaders: HTTPFields = [
        .contentType: "text/event-stream; charset=utf-8",
        .cacheControl: "no-store",
        .xContentTypeOptions: "nosniff",
        .vary: "Accept-Language",
        .xAccelBuffering: "no",
    ]

    /// Serialized data in its envelope, or alone for a document.
    private static func framed(_ data: [UInt8], document: Bool) -> ByteBuffer {
        var body = ByteBuffer()
        body.reserveCapacity(data.count + Self.successPrefix.utf8.count + 1)
        if !document { body.writeString(Self.successPrefix) }
        body.writeBytes(data)
        if !document { body.writeString("}") }
        return body
    }

    /// `response` as a 304: its headers and `tag`, no body.
    private static func notModified(_ response: Response, tag: String) -> Response {
        var response = response
        response.status = .notModified
        response.headers[.eTag] = tag
        response.headers[.contentType] = nil
        response.body = ResponseBody()
        return response
    }

    /// A request's validators (`If-None-Match`, `If-Modified-Since`).
    struct Conditions {
        var ifNoneMatch: String?
        var ifModifiedSince: String?

        /// Whether the client's copy is current: its tags name `tag` (weakly compared, or `*`), or, when
        /// it sent no tags, its date is no earlier than `lastModified`.
        func isMet(tag: String, lastModified: Int?) -> Bool {
            if let ifNoneMatch {
                let presented = ifNoneMatch.split(separator: ",").map { String($0).trimmingWhitespace }
                return presented.contains("*") || presented.contains(tag) || presented.contains("W/" + tag)
            }
            guard let lastModified, let since = self.ifModifiedSince.flatMap(HTTPDate.parse) else { return false }
            return lastModified <= since
        }
    }

    /// A failed answer: `error_details` is the human-readable sentence, `response_data` is `{}`.
    static func failure(
        status: Int, message: String, requestID: String, language: MessageCatalog, headers: [(name: String, value: String)] = [],
        caching: CachePolicy = .private
    ) -> Response {
        self.response(
            status: HTTPResponse.Status(code: status), body: ByteBuffer(string: Self.body(success: false, errorDetails: message, data: .emptyObject)),
            requestID: requestID, language: language, headers: headers, caching: caching
        )
    }

    /// The answer `error` asks for: its status, its sentence in `language`, its headers.
    static func failure(_ error: EndpointError, requestID: String, language: MessageCatalog, caching: CachePolicy) -> Response {
        self.failure(
            status: error.status, message: language.text(error.message, error.arguments), requestID: requestID, language: language,
            headers: error.headers.map { (name: $0.key, value: $0.value) }, caching: caching
        )
    }

    /// A failed Floki request: the empty feed `{"items": []}`, since Floki clients read no envelope.
    static func flokiFailure(_ error: EndpointError, requestID: String, language: MessageCatalog, caching: CachePolicy) -> Response {
        let headers = error.headers.map { (name: $0.key, value: $0.value) }
        return self.response(
            status: Self.bareStatus(error.status, headers), body: ByteBuffer(string: JSONValue.object([("items", .array([]))]).serialized),
            requestID: requestID, language: language, headers: headers, caching: caching
        )
    }

    /// A failure of an API without the envelope (the MIT News apps'): `{"error": sentence}`, which
    /// RestKit maps from an error answer, never stored by caches.
    static func bareFailure(_ error: EndpointError, requestID: String, language: MessageCatalog) -> Response {
        let headers = error.headers.map { (name: $0.key, value: $0.value) }
        return self.response(
            status: Self.bareStatus(error.status, headers),
            body: ByteBuffer(string: JSONValue.object([("error", .string(language.text(error.message, error.arguments)))]).serialized),
            requestID: requestID, language: language, headers: headers, caching: .notStored
        )
    }

    /// The status a failure has where only the status tells failure from success: a refusal (HTTP
    /// 200 in Composr's envelope) becomes `refusal` (404 for a document, 400 for a page), or a 429 when
    /// it says when to come back.
    static func bareStatus(_ status: Int, _ headers: [(name: String, value: String)], refusal: Int = 404) -> HTTPResponse.Status {
        HTTPResponse.Status(code: status >= 400 ? status : (headers.contains { $0.name == "Retry-After" } ? 429 : refusal))
    }

    private static func response(
        status: HTTPResponse.Status,
        body: ByteBuffer,
        requestID: String,
        language: MessageCatalog,
        headers extra: [(name: String, value: String)],
        caching: CachePolicy
    ) -> Response {
        var headers = Self.headers(caching)
        headers.append(HTTPField(name: .xRequestID, value: requestID))
        headers.append(HTTPField(name: .contentLanguage, value: language.tag))
        if let lastModified = caching.lastModified { headers[.lastModified] = HTTPDate.format(lastModified) }
        for header in extra {
            if let name = HTTPField.Name(header.name), name != .cacheControl { headers.append(HTTPField(name: name, value: header.value)) }
        }
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: body))
    }

    /// The headers every answer with `caching` starts with; the common ones are made once (building
    /// each answer's fields one by one was a visible share of a cheap call's cost).
    private static func headers(_ caching: CachePolicy) -> HTTPFields {
        switch caching {
        case .private:
            Self.privateHeaders
        case .shared(let maxAge, _):
            Self.commonHeaders + [HTTPField(name: .cacheControl, value: "public, max-age=\(maxAge), stale-while-revalidate=300")]
        case .revalidated:
            Self.commonHeaders + [HTTPField(name: .cacheControl, value: "public, no-cache")]
        case .notStored:
            Self.commonHeaders + [HTTPField(name: .cacheControl, value: "no-store")]
        case .secret:
            Self.secretHeaders
        }
    }

    private static let commonHeaders: HTTPFields = [
        .contentType: "application/json; charset=utf-8",
        .xContentTypeOptions: "nosniff",
        .vary: "Accept-Language",
    ]

    /// Composr's answers: never reused without asking (both SDKs and old proxies understand these).
    private static let privateHeaders =
        Self.commonHeaders + [
            HTTPField(name: .cacheControl, value: "no-cache, must-revalidate"),
            HTTPField(name: .expires, value: "Mon, 26 Jul 1997 05:00:00 GMT"),
            HTTPField(name: .pragma, value: "no-cache"),
        ]

    /// Answers that carry a device token: stored nowhere.
    private static let secretHeaders =
        Self.commonHeaders + [
            HTTPField(name: .cacheControl, value: "private, no-store"),
            HTTPField(name: .expires, value: "Mon, 26 Jul 1997 05:00:00 GMT"),
            HTTPField(name: .pragma, value: "no-cache"),
        ]

    /// The envelope of a success up to its `response_data` (what ``body(success:errorDetails:data:)``
    /// writes before the data).
    private static let successPrefix = #"{"success":true,"error_details":null,"response_data":"#

    private static func body(success: Bool, errorDetails: String?, data: JSONValue) -> String {
        let envelope: JSONValue = [
            "success": .bool(success),
            "error_details": errorDetails.map(JSONValue.string) ?? .null,
            "response_data": data,
        ]
        return envelope.serialized
    }
}

extension HTTPField.Name {
    static let xContentTypeOptions = HTTPField.Name("X-Content-Type-Options")!
    static let xRequestID = HTTPField.Name("X-Request-Id")!
    static let xForwardedFor = HTTPField.Name("X-Forwarded-For")!
    static let secFetchSite = HTTPField.Name("Sec-Fetch-Site")!
    static let pragma = HTTPField.Name("Pragma")!
    static let xAccelBuffering = HTTPField.Name("X-Accel-Buffering")!
    static let lastEventID = HTTPField.Name("Last-Event-ID")!
}
