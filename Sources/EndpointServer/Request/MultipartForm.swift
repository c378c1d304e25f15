package import EndpointCore
package import Messages
package import NIOCore

/// Decodes a `multipart/form-data` body (what the iOS SDK posts) into name/value pairs and files.
///
/// Text fields must be valid UTF-8. File parts (those with a `filename`) are kept apart as bytes;
/// parts without a field name are skipped.
package enum MultipartForm {
    /// A decoded form: its text fields, and its file parts by field name.
    package struct Decoded {
        package var fields: [(name: String, value: String)] = []
        package var files: [(name: String, fileName: String, bytes: ArraySlice<UInt8>)] = []
    }

    /// The text fields of `body` (what every hook reads).
    package static func decode(_ body: ByteBuffer, boundary: String) throws(Refusal) -> [(name: String, value: String)] {
        try self.form(body, boundary: boundary).fields
    }

    /// The text fields and the file parts of `body`.
    package static func form(_ body: ByteBuffer, boundary: String) throws(Refusal) -> Decoded {
        // An empty body is a form without fields; so is the closing delimiter alone (`MultipartBody`).
        guard body.readableBytes > 0 else { return Decoded() }
        guard let parts = MultipartBody.parts(of: Array(body.readableBytesView), boundary: boundary) else {
            throw .malformed(.malformedBody, "multipart/form-data")
        }
        var form = Decoded()
        for part in parts {
            guard let disposition = part.headers["content-disposition"].map(HeaderParameters.init),
                disposition.value.lowercased() == "form-data", let name = disposition.parameters["name"], !name.isEmpty
            else { continue }
            if disposition.parameters["filename"] != nil || disposition.parameters["filename*"] != nil {
                form.files.append((name, disposition.parameters["filename"] ?? disposition.parameters["filename*"] ?? "", part.content))
                continue
            }
            guard let value = String(validating: part.content, as: UTF8.self) else { throw .malformed(.invalidEncoding) }
            form.fields.append((name, value))
        }
        return form
    }

    /// The `boundary` parameter of a `multipart/form-data` content type: 1 to 70 characters (RFC 2046
    /// §5.1.1), else nil.
    package static func boundary(in contentType: String) -> String? {
        let boundary = HeaderParameters(contentType).parameters["boundary"]
        return boundary.flatMap { (1...70).contains($0.utf8.count) ? $0 : nil }
    }
}
