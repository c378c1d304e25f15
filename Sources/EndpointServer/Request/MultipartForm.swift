import Foundation
import EndpointCore
import Messages
import MultipartKit
import NIOCore

/// Decodes a `multipart/form-data` body (what the iOS SDK posts) into name/value pairs.
///
/// Text fields must be valid UTF-8. File parts (those with a `filename`) are not parameters of any
/// hook and are skipped.
enum MultipartForm {
    static func decode(_ body: ByteBuffer, boundary: String) throws(EndpointError) -> [(name: String, value: String)] {
        let parser = MultipartParser(boundary: boundary)
        var parts: [MultipartPart] = []
        var headers = HTTPHeaders()
        var partBody = ByteBuffer()
        var finished = false
        parser.onHeader = { name, value in headers.add(name: name, value: value) }
        parser.onBody = { chunk in partBody.writeBuffer(&chunk) }
        parser.onPartComplete = {
            parts.append(MultipartPart(headers: headers, body: partBody))
            headers = HTTPHeaders()
            partBody = ByteBuffer()
            finished = true
        }
        do {
            try parser.execute(body)
        } catch {
            throw .badRequest(.malformedBody, "multipart/form-data")
        }
        guard finished || body.readableBytes == 0 else { throw .badRequest(.malformedBody, "multipart/form-data") }
        var pairs: [(name: String, value: String)] = []
        for part in parts {
            guard let name = part.name, !name.isEmpty, !Self.isFile(part) else { continue }
            guard let value = String(validating: part.body.readableBytesView, as: UTF8.self) else {
                throw .badRequest(.invalidEncoding)
            }
            pairs.append((name, value))
        }
        return pairs
    }

    /// The `boundary` parameter of a `multipart/form-data` content type.
    static func boundary(in contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "boundary" else { continue }
            let value = pair[1].trimmingCharacters(in: .whitespaces)
            let unquoted = value.hasPrefix("\"") && value.hasSuffix("\"") && value.count >= 2 ? String(value.dropFirst().dropLast()) : value
            return unquoted.isEmpty ? nil : unquoted
        }
        return nil
    }

    private static func isFile(_ part: MultipartPart) -> Bool {
        part.headers.first(name: "Content-Disposition")?.contains("filename=") ?? false
    }
}
