import Auth
import Console
import EndpointCore
import HTTPTypes
import Hummingbird
import Messages
import Routes

/// Serves the web console (``Console``) over HTTP: decodes a request into a ``ConsoleRequest`` (its
/// form within the size cap, its cookies, whether a browser says another site sent it, the client and
/// language) and writes the ``ConsoleAnswer`` with the console's headers.
struct ConsolePages: Sendable {
    let console: Console
    let languages: LanguageNegotiation
    let clientAddress: ClientAddress
    let crossSite: CrossSiteCheck
    /// The largest form accepted now: images at the live limit, an article's body at its own.
    let maximumFormBytes: @Sendable () async -> Int

    /// The answer to `route` for a GET, HEAD or POST; nil for another method.
    func answer(_ route: ConsoleRoute, query: RouteQuery, _ request: Request, _ context: EndpointRequestContext) async throws -> Response? {
        let method: ConsoleRequest.Method
        switch request.method {
        case .get, .head: method = .get
        case .post: method = .post
        default: return nil
        }
        var form = PostedForm()
        if method == .post {
            let body = try await RequestBody.collect(request, limit: await self.maximumFormBytes())
            form = try RequestBody.form(body, contentType: request.headers.value(of: .contentType))
        }
        let provenance = CrossSiteCheck.Provenance(
            origin: request.headers.value(of: .origin), fetchSite: request.headers.value(of: .secFetchSite), host: request.head.authority)
        let consoleRequest = ConsoleRequest(
            route: route, method: method, query: query, form: form.fields, files: form.files,
            cookies: CookieHeader.parse(request.headers.value(of: .cookie)), isCrossSite: self.crossSite.isCrossSite(provenance),
            client: Login.Client(
                ip: self.clientAddress.resolve(peer: context.remoteAddress, forwardedFor: request.headers.value(of: .xForwardedFor)),
                userAgent: request.headers.value(of: .userAgent) ?? ""),
            messages: await self.languages.catalog(for: request)
        )
        return Self.response(try await self.console.answer(consoleRequest), language: consoleRequest.messages.tag)
    }

    private static func response(_ answer: ConsoleAnswer, language: String) -> Response {
        var headers = HTTPFields()
        for (name, value) in ConsoleAnswer.headers {
            if let name = HTTPField.Name(name) { headers[name] = value }
        }
        for cookie in answer.cookies { headers.append(HTTPField(name: .setCookie, value: cookie)) }
        let body: String
        switch answer.body {
        case .html(let html):
            headers[.contentType] = "text/html; charset=utf-8"
            headers[.contentLanguage] = language
            headers[.vary] = "Accept-Language, Cookie"
            body = html
        case .redirect(let path):
            headers[.location] = path
            body = ""
        case .text(let text, let contentType):
            headers[.contentType] = contentType
            headers[.cacheControl] = "no-cache"
            body = text
        }
        return Response(status: HTTPResponse.Status(code: answer.status), headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
    }
}
