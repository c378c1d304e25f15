import EndpointCore
import HTTPTypes
import Hooks
import Hummingbird
import Messages
import News
import Routes
import Storage

/// The Floki application definition protocol: `GET /floki/v1-app`, the version indicator a Floki app
/// is built with (`{"v", "url", "ttl"}`; the protocol's `<app>/v<number>-app` pattern), and
/// `GET /floki/v1/appdata`, the general app data it names (`tabs`, `langs`, `misc`). Both are made
/// from the site (``FlokiApp``), kept in memory, and carry an entity tag: a client's copy revalidates
/// to a 304. The clients' `d` and any other parameter are accepted and change nothing. While the
/// database is unavailable (the definition is made from it), both answer 503 with `Retry-After` and
/// the empty document Floki answers fail with (``FailureAnswers``): the clients keep their copy.
///
/// The app data's path has no hyphen: Android escapes one in every URL it is given (`%2d`).
struct FlokiAppRoutes: Sendable {
    let news: NewsResponder
    let config: ConfigStore
    let languages: LanguageNegotiation
    let publicURL: String

    /// `GET /floki/v1-app`: the version indicator, naming the app data's URL.
    func beacon(_ request: Request) async throws -> Response {
        let options = try await self.config.options()
        let app = try await self.app(options)
        let body = app.beacon(appDataURL: SiteRoute.flokiAppData.url(on: self.publicURL), ttl: options.integer(.flokiBeaconTTLSeconds))
        return Self.response(body, tag: "\"\(app.version)-\(options.integer(.flokiBeaconTTLSeconds))\"", request)
    }

    /// `GET /floki/v1/appdata`: the app data.
    func appData(_ request: Request) async throws -> Response {
        let app = try await self.app(try await self.config.options())
        return Self.response(app.appData, tag: "\"\(app.version)\"", request)
    }

    /// The definition in every language this server speaks, the site's default first.
    private func app(_ options: ConfigOptions) async throws -> FlokiApp {
        let catalogs = self.languages.languages.catalogs
        let master = self.languages.languages.catalog(named: options.defaultLanguage) ?? self.languages.languages.english
        let ordered = [master] + catalogs.filter { $0.languageCode != master.languageCode }
        return try await self.news.flokiApp(languages: ordered, maxAge: options.integer(.newsMaxAgeSeconds))
    }

    /// `body` as JSON, or a 304 when the client's copy carries `tag`. Clients revalidate every time
    /// (`no-cache`): the version indicator is how they learn of a change.
    private static func response(_ body: String, tag: String, _ request: Request) -> Response {
        var headers: HTTPFields = [.eTag: tag, .cacheControl: "no-cache"]
        if Envelope.Conditions(ifNoneMatch: request.headers.value(of: .ifNoneMatch)).isMet(tag: tag, lastModified: nil) {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = "application/json; charset=utf-8"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
    }
}
