import Auth
import Crypto
import EndpointCore
import HTTPTypes
import Hummingbird
import Messages

/// Renders every answer of `/data/endpoint.php` as Composr's JSON envelope (reference §2).
///
/// `{"success": bool, "error_details": string|null, "response_data": …}` with the keys in that order,
/// and the headers both SDKs accept, plus the answer's language (`Content-Language`, and
/// `Vary: Accept-Language` since the header may have chosen it). This is the only place that turns
/// outcomes into HTTP responses.
enum Envelope {
    /// A successful answer: `error_details` is null.
    ///
    /// A `cacheable` answer carries an `ETag` (a hash of its body); when `ifNoneMatch` names that tag
    /// (or is `*`) it becomes a bodiless 304, so clients revalidate cached reads for free.
    static func success(
        _ data: JSONValue, requestID: String, language: MessageCatalog, headers: [(name: String, value: String)] = [],
        cacheable: Bool = false, ifNoneMatch: String? = nil
    ) -> Response {
        let body = Self.body(success: true, errorDetails: nil, data: data)
        var response = self.response(status: .ok, body: body, requestID: requestID, language: language, headers: headers)
        guard cacheable else { return response }
        let tag = "\"" + String(Hex.encode(SHA256.hash(data: Array(body.utf8))).prefix(32)) + "\""
        response.headers[.eTag] = tag
        let presented = (ifNoneMatch ?? "").split(separator: ",").map { String($0).trimmingWhitespace }
        if presented.contains("*") || presented.contains(tag) || presented.contains("W/" + tag) {
            response.status = .notModified
            response.headers[.contentType] = nil
            response.body = ResponseBody()
        }
        return response
    }

    /// A failed answer: `error_details` is the human-readable sentence, `response_data` is `{}`.
    static func failure(
        status: Int, message: String, requestID: String, language: MessageCatalog, headers: [(name: String, value: String)] = []
    ) -> Response {
        self.response(
            status: HTTPResponse.Status(code: status), body: Self.body(success: false, errorDetails: message, data: .emptyObject),
            requestID: requestID, language: language, headers: headers
        )
    }

    private static func response(
        status: HTTPResponse.Status,
        body: String,
        requestID: String,
        language: MessageCatalog,
        headers extra: [(name: String, value: String)]
    ) -> Response {
        var headers: HTTPFields = [
            .contentType: "application/json; charset=utf-8",
            .cacheControl: "no-cache, must-revalidate",
            .expires: "Mon, 26 Jul 1997 05:00:00 GMT",
            .pragma: "no-cache",
            .xContentTypeOptions: "nosniff",
            .xRequestID: requestID,
            .contentLanguage: language.tag,
            .vary: "Accept-Language",
        ]
        for header in extra {
            if let name = HTTPField.Name(header.name) { headers.append(HTTPField(name: name, value: header.value)) }
        }
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
    }

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
    static let pragma = HTTPField.Name("Pragma")!
}
