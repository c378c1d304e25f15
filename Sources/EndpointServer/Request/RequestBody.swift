import EndpointCore
import HTTPTypes
import Hummingbird
import Messages
import NIOCore
import Routes

/// Reads request bodies within the configured size cap and decodes form fields out of them.
enum RequestBody {
    /// The whole body, refused with HTTP 413 when it is (or declares itself, or turns out, chunk by
    /// chunk) larger than `limit`, with 408 when it did not arrive by its deadline
    /// (``ConnectionTimeouts``), and with 400 when the client did not send it whole (a body shorter
    /// than its `Content-Length` followed by a close, malformed chunk sizes): nothing of such a body
    /// reaches a hook.
    static func collect(_ request: Request, limit: Int) async throws -> ByteBuffer {
        // Made only when refusing: every request comes through here.
        func tooLarge() -> EndpointError { EndpointError(status: 413, message: .requestTooLarge, arguments: [String(limit)]) }
        if let declared = request.headers.value(of: .contentLength).flatMap(Int.init), declared > limit {
            throw tooLarge()
        }
        var request = request
        do {
            return try await request.collectBody(upTo: limit)
        } catch let error as HTTPError where error.status == .contentTooLarge {
            throw tooLarge()
        } catch is NIOTooManyBytesError {
            throw tooLarge()
        } catch is RequestBodyTimedOut {
            throw EndpointError(status: 408, message: .requestTimeout)
        } catch let cancellation as CancellationError {
            throw cancellation
        } catch {
            throw EndpointError.badRequest(.incompleteBody)
        }
    }

    /// The fields (and, of a multipart form, the files) of an urlencoded or multipart body; none for
    /// any other content type.
    static func form(_ body: ByteBuffer, contentType: String?) throws(Refusal) -> PostedForm {
        guard let contentType else { return PostedForm() }
        if MediaTypeText.hasPrefix(contentType.utf8, lowercased: "application/x-www-form-urlencoded") {
            return PostedForm(fields: try FormURLEncoding.table(body))
        }
        if MediaTypeText.hasPrefix(contentType.utf8, lowercased: "multipart/form-data") {
            guard let boundary = MultipartForm.boundary(in: contentType) else {
                throw .malformed(.malformedBody, "multipart/form-data")
            }
            let form = try MultipartForm.form(body, boundary: boundary)
            return PostedForm(fields: try ParameterFields.table(form.fields), files: form.files)
        }
        return PostedForm()
    }
}
