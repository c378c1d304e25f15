import Auth
import Console
import EndpointCore
import HTTPTypes
import Hummingbird
import Messages
import Routes
import Storage

/// Serves the web console (``Console``) over HTTP: decodes a request into a ``ConsoleRequest`` (its
/// cookies, whether a browser says another site sent it, the client and language, and its form, read
/// only when the console asks, within the size it names) and writes the ``ConsoleAnswer`` with the
/// console's headers.
struct ConsolePages: Sendable {
    let console: Console
    let languages: LanguageNegotiation
    let clientAddress: ClientAddress
    let crossSite: CrossSiteCheck
    /// The places for bodies larger than the body limit, the API's uploads' too.
    let uploads: UploadGate
    /// The largest upload now: the live image limit and room for the form around it.
    let maximumUploadBytes: @Sendable () async -> Int

    /// The sign-in form: a username, a password and a token.
    static let signInFormBytes = 16 * 1024
    /// Any other page's form (members, groups, settings, push, contact replies).
    static let formBytes = 256 * 1024
    /// An article's form: its body and summary at their limits, percent-encoded, and the rest.
    static let articleFormBytes = 13_000_000

    /// The answer to `route` for a GET, HEAD or POST; nil for another method.
    func answer(_ route: ConsoleRoute, query: RouteQuery, _ request: Request, _ context: EndpointRequestContext) async throws -> Response? {
        let method: ConsoleRequest.Method
        switch request.method {
        case .get, .head: method = .get
        case .post: method = .post
        default: return nil
        }
        let provenance = CrossSiteCheck.Provenance(
            origin: request.headers.value(of: .origin), fetchSite: request.headers.value(of: .secFetchSite), host: request.head.authority)
        let client = self.clientAddress.resolve(peer: context.remoteAddress, forwardedFor: request.headers.value(of: .xForwardedFor))
        let consoleRequest = ConsoleRequest(
            route: route, method: method, query: query, cookies: CookieHeader.parse(request.headers.value(of: .cookie)),
            isCrossSite: self.crossSite.isCrossSite(provenance), client: Login.Client(ip: client, userAgent: request.headers.value(of: .userAgent) ?? ""),
            messages: await self.languages.catalog(for: request),
            postedForm: { size in try await self.form(of: request, size: size, client: client) },
            signedIn: { [access = context.access] in access?.record(memberID: $0) }
        )
        return Self.response(try await self.console.answer(consoleRequest), language: consoleRequest.messages.tag)
    }

    /// The form `request` posts, read within `size`'s limit; an upload takes one of the members' upload
    /// places first (the console asks only once the session checked out).
    private func form(of request: Request, size: ConsoleRequest.FormSize, client: String) async throws -> ConsoleRequest.PostedForm {
        let limit: Int
        var place: UploadGate.Place?
        switch size {
        case .signIn: limit = Self.signInFormBytes
        case .form: limit = Self.formBytes
        case .article: limit = Self.articleFormBytes
        case .upload:
            guard let taken = self.uploads.enter(member: true, network: RateLimit.Subject.address(client).key) else {
                throw EndpointError(status: 503, message: .serverBusy, headers: ["Retry-After": "5"])
            }
            place = taken
            limit = await self.maximumUploadBytes()
        }
        defer { place?.leave() }
        let body = try await RequestBody.collect(request, limit: limit)
        let form = try RequestBody.form(body, contentType: request.headers.value(of: .contentType))
        return (form.fields, form.files)
    }

    private static func response(_ answer: ConsoleAnswer, language: String) -> Response {
        var headers = HTTPFields()
        for (name, value) in ConsoleAnswer.headers {
            if let name = HTTPField.Name(name) { headers[name] = value }
        }
        for cookie in answer.cookies { headers.append(HTTPField(name: .setCookie, value: cookie)) }
        for (name, value) in answer.extraHeaders {
            if let name = HTTPField.Name(name) { headers[name] = value }
        }
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
        case .readerPage(let html):
            headers = ArticlePage.headers(cacheControl: "no-store", framing: .sameOrigin)
            headers[ArticlePage.robotsTag] = "noindex, nofollow, noarchive"
            headers[.contentType] = "text/html; charset=utf-8"
            headers[.contentLanguage] = language
            body = html
        }
        return Response(status: HTTPResponse.Status(code: answer.status), headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
    }
}
