import EndpointServer
import Foundation
import Messages
import NIOCore

extension FuzzTarget {
    /// A `multipart/form-data` body (what the iOS SDK posts): the boundary on the first line of the
    /// input, the body after it.
    ///
    /// Properties: a refusal says the input is malformed (a 400); the text fields decoded, written again as a body with the same
    /// boundary, decode to the same fields.
    static let multipart = FuzzTarget(name: "multipart") { input in
        let (boundaryBytes, body) = input.splitAtFirstLine
        guard let boundary = MultipartForm.boundary(in: "multipart/form-data; boundary=" + boundaryBytes.lossyText) else { return nil }
        let pairs: [(name: String, value: String)]
        do throws(Refusal) {
            pairs = try MultipartForm.decode(ByteBuffer(bytes: body), boundary: boundary)
        } catch {
            return error.kind == .malformed ? nil : "refused as \(error.kind), not as malformed"
        }
        // A field whose text contains the delimiter, or a name a header line cannot carry, cannot be written back.
        guard pairs.allSatisfy({ pair in !pair.value.contains("--" + boundary) && !pair.name.contains(where: \.isNewline) }) else {
            return nil
        }
        var written = ""
        for pair in pairs {
            let quotedName = pair.name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            written += "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(quotedName)\"\r\n\r\n\(pair.value)\r\n"
        }
        written += "--\(boundary)--\r\n"
        guard let again = try? MultipartForm.decode(ByteBuffer(string: written), boundary: boundary) else {
            return "its own fields written back were refused"
        }
        guard again.map(\.name) == pairs.map(\.name), again.map(\.value) == pairs.map(\.value) else {
            return "its own fields written back decoded to other fields"
        }
        return nil
    }
}
