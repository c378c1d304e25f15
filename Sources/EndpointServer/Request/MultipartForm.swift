package import EndpointCore
import Messages
package import NIOCore

/// Decodes a `multipart/form-data` body (what the iOS SDK posts) into name/value pairs.
///
/// Text fields must be valid UTF-8. File parts (those with a `filename`) are not parameters of any
/// hook and are skipped, and so are parts without a field name.
package enum MultipartForm {
    package static func decode(_ body: ByteBuffer, boundary: String) throws(EndpointError) -> [(name: String, value: String)] {
        // An empty body is a form without fields; so is the closing delimiter alone (`MultipartBody`).
        guard body.readableBytes > 0 else { return [] }
        guard let parts = MultipartBody.parts(of: Array(body.readableBytesView), boundary: boundary) else {
            throw .badRequest(.malformedBody, "multipart/form-data")
        }
        var pairs: [(name: String, value: String)] = []
        for part in parts {
            guard let disposition = part.headers["content-disposition"].map(HeaderParameters.init),
                disposition.value.lowercased() == "form-data", let name = disposition.parameters["name"], !name.isEmpty,
                disposition.parameters["filename"] == nil, disposition.parameters["filename*"] == nil
            else { continue }
            guard let value = String(validating: part.content, as: UTF8.self) else { throw .badRequest(.invalidEncoding) }
            pairs.append((name, value))
        }
        return pairs
    }

    /// The `boundary` parameter of a `multipart/form-data` content type: 1 to 70 characters (RFC 2046
    /// §5.1.1), else nil.
    package static func boundary(in contentType: String) -> String? {
        let boundary = HeaderParameters(contentType).parameters["boundary"]
        return boundary.flatMap { (1...70).contains($0.utf8.count) ? $0 : nil }
    }
}
