import Hummingbird
import NIOCore

/// `GET /openapi.json`: the OpenAPI 3.1 description of every hook, type, parameter, credential channel
/// and answer, plus the probes and pages (`OpenAPI/openapi.json`, built into the binary). Tests
/// validate it and run schemathesis against the live server from it alone.
enum OpenAPIDescription {
    static let document = ByteBuffer(string: EmbeddedData.text("openapi.json") ?? "{}")

    /// The answer to `GET /openapi.json`.
    static func response() -> Response {
        Response(
            status: .ok,
            headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "public, max-age=3600"],
            body: ResponseBody(byteBuffer: Self.document)
        )
    }
}
