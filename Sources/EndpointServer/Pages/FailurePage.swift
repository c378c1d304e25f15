import EndpointCore
import HTTPTypes
import Hummingbird
import Messages

/// A failure as a web page: the problem page with the failure's sentence, for the routes people open
/// in a browser (e-mailed links, shared articles), and a way on where there is one (the console's:
/// signing in again, or its dashboard). A refusal is a 400 (a 429 when it says when to come back),
/// other failures keep their status; never stored by caches.
enum FailurePage {
    static func response(_ failure: EndpointError, siteName: String, language: MessageCatalog, next: (path: String, text: String)? = nil) -> Response {
        let headers = failure.headers.map { (name: $0.key, value: $0.value) }
        var context: [String: Any] = [
            "language": language.tag, "site": siteName, "title": language.text(.pageProblemTitle),
            "error": language.text(failure.message, failure.arguments),
        ]
        if let next { context["next"] = ["path": next.path, "text": next.text] }
        var response = AccountPageRenderer.pageResponse(
            context: context,
            language: language, cookieToken: nil, secureCookies: false, status: Envelope.bareStatus(failure.status, headers, refusal: 400)
        )
        for header in headers {
            if let name = HTTPField.Name(header.name) { response.headers[name] = header.value }
        }
        return response
    }
}
