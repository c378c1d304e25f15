import Auth
import EndpointCore
import EndpointServer
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Mail
import Media
import NIOCore
import SQLKit
import ServiceLifecycle
import Storage

/// Runs the real application (the one `endpoint serve` builds) against a fresh database and hands the
/// test a client: in-process through Hummingbird's router test framework, or over a real socket.
package enum TestServer {
    /// - Parameters:
    ///   - database: a migrated database to serve, which other instances may share (as several servers
    ///     behind a load balancer share one PostgreSQL; this one opens its own pool on it); nil serves
    ///     a fresh one of `engine`.
    ///   - config: config options to set before the services read them (e.g. throttle limits).
    ///   - hashThreads, hashQueueLimit: the password-hashing pool.
    ///   - registry: hooks to serve instead of the standard set.
    ///   - smtp: when given, the mail worker delivers to it (every 50 ms).
    ///   - excluding: background services not to run (by name), for a test that does their work itself.
    ///   - clock: the site's clock (a ``ManualClock``'s, to move time instead of waiting).
    ///   - accessLog: where the requests' lines go (none unless a test reads them).
    ///
    /// The background services are those `serve` runs (``BackgroundServices/make(for:settings:logger:)``),
    /// the news clock and the maintenance sweep making their first pass an interval after the start
    /// (an hour for the news clock): tests that move time tick them themselves.
    package static func run<Value>(
        engine: DatabaseEngine = .sqlite,
        sharing database: Database? = nil,
        settings: ServerSettings = ServerSettings(),
        config: [String: String] = [:],
        hashThreads: Int = 2,
        hashQueueLimit: Int = 32,
        registry: HookRegistry? = nil,
        smtp: TestSMTPServer? = nil,
        excluding: Set<String> = [],
        framework: TestingSetup = .router,
        clock: SiteClock = .system,
        accessLog: AccessLog? = nil,
        _ test: @Sendable (any TestClientProtocol, Site) async throws -> Value
    ) async throws -> Value {
        func serve(_ database: Database) async throws -> Value {
            try await database.withConnection { connection in
                for (name, value) in config {
                    try await connection.raw("DELETE FROM config WHERE name = \(bind: name)").run()
                    try await connection.raw("INSERT INTO config (name, value) VALUES (\(bind: name), \(bind: value))").run()
                }
            }
            let config = try await ConfigStore.load(from: database, clock: clock)
            let hasher = PasswordHasher(
                parameters: Argon2idParameters(options: try await config.options()), threads: hashThreads, maximumPending: hashQueueLimit)
            var settings = settings
            // Each server keeps its image versions in a folder of its own, gone after the test, unless
            // the test names one (a cache surviving a restart).
            let ownCache = settings.mediaCacheDirectory == ServerSettings().mediaCacheDirectory
            if ownCache { settings.mediaCacheDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("media-\(UUID())").path }
            defer { if ownCache { try? FileManager.default.removeItem(atPath: settings.mediaCacheDirectory) } }
            // Likewise its media store.
            let ownStore = settings.mediaStoreDirectory == ServerSettings().mediaStoreDirectory
            if ownStore { settings.mediaStoreDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("store-\(UUID())").path }
            defer { if ownStore { try? FileManager.default.removeItem(atPath: settings.mediaStoreDirectory) } }
            let site = try await Site(database: database, config: config, hasher: hasher, settings: settings, clock: clock)
            settings.port = 0
            if let smtp {
                settings.smtpURL = try SMTPServerURL(parsing: smtp.url)
                settings.mailPollInterval = .milliseconds(50)
            }
            let services = try await Self.backgroundServices(for: site, settings: settings).filter { !excluding.contains($0.name) }.map(\.service)
            let app = EndpointApplication.build(
                site: site, settings: settings, registry: registry, backgroundServices: services, accessLog: accessLog, logger: quietLogger)
            return try await app.test(framework) { client in
                // A live client holds one connection, opened at once: it asks something straight
                // away, so a test that first spends a while elsewhere (a browser walk) does not find
                // it closed by the server's header timeout.
                if client.port != nil { try await client.execute(uri: "/healthz", method: .head) { _ in } }
                return try await test(client, site)
            }
        }
        // Another instance opens the database itself, as a second `endpoint serve` would: its own pool,
        // told only of its own writes (the other's reach it as announcements, on PostgreSQL).
        if let database { return try await TestDatabase.withOpen(database.url) { try await serve($0) } }
        return try await TestDatabase.withMigrated(engine) { try await serve($0) }
    }

    /// The background services a test server runs for `site`: what `serve` runs with `settings`
    /// (``BackgroundServices/make(for:settings:logger:)``), the news clock and the sweep starting an
    /// interval late and the news clock ticking hourly unless the test chose an interval.
    package static func backgroundServices(for site: Site, settings: ServerSettings) async throws -> [BackgroundServices.Named] {
        var settings = settings
        settings.workersStartAtOnce = false
        if settings.newsClockInterval == ServerSettings().newsClockInterval { settings.newsClockInterval = .seconds(3600) }
        return try await BackgroundServices.make(for: site, settings: settings, logger: quietLogger)
    }
}

/// A decoded envelope, for assertions. Immutable after decoding (the JSON dictionary is never
/// mutated), hence safe to pass between tasks.
package struct DecodedEnvelope: @unchecked Sendable {
    package let status: HTTPResponse.Status
    package let headers: HTTPFields
    package let raw: String
    package let json: [String: Any]

    package init(_ response: TestResponse) throws {
        self.status = response.status
        self.headers = response.headers
        self.raw = String(buffer: response.body)
        guard let object = try JSONSerialization.jsonObject(with: Data(self.raw.utf8)) as? [String: Any] else {
            throw TestFailure("Not a JSON object: \(self.raw)")
        }
        self.json = object
    }

    package var success: Bool? { self.json["success"] as? Bool }
    package var errorDetails: String? { self.json["error_details"] as? String }
    package var data: [String: Any] { self.json["response_data"] as? [String: Any] ?? [:] }
}

extension TestClientProtocol {
    /// Sends a request and decodes the envelope it answers with.
    package func envelope(
        _ uri: String,
        method: HTTPRequest.Method = .get,
        headers: HTTPFields = [:],
        body: String? = nil
    ) async throws -> DecodedEnvelope {
        try await self.execute(uri: uri, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) }) { response in
            try DecodedEnvelope(response)
        }
    }

    /// POSTs `fields` urlencoded, as the Android SDK does.
    package func postForm(_ uri: String, _ fields: [(String, String)], headers: HTTPFields = [:]) async throws -> DecodedEnvelope {
        var headers = headers
        headers[.contentType] = "application/x-www-form-urlencoded"
        return try await self.envelope(uri, method: .post, headers: headers, body: FormEncoding.body(fields))
    }

    /// POSTs `fields` as multipart/form-data, as the iOS SDK does.
    package func postMultipart(_ uri: String, _ fields: [(String, String)], headers: HTTPFields = [:]) async throws -> DecodedEnvelope {
        let (contentType, body) = MultipartEncoding.form(fields)
        var headers = headers
        headers[.contentType] = contentType
        return try await self.envelope(uri, method: .post, headers: headers, body: body)
    }
}

/// `multipart/form-data` encoding of text fields, as the iOS SDK sends forms.
package enum MultipartEncoding {
    /// The `Content-Type` (with a fresh boundary) and the body.
    package static func form(_ fields: [(String, String)]) -> (contentType: String, body: String) {
        let boundary = "Boundary-\(UUID().uuidString)"
        var body = ""
        for (name, value) in fields {
            body += "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n"
        }
        body += "--\(boundary)--\r\n"
        return ("multipart/form-data; boundary=\(boundary)", body)
    }
}

/// `application/x-www-form-urlencoded` encoding, as browsers and the Android SDK do it.
package enum FormEncoding {
    package static func encode(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._*")
        return (text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text).replacingOccurrences(of: "%20", with: "+")
    }

    package static func body(_ fields: [(String, String)]) -> String {
        fields.map { "\(Self.encode($0.0))=\(Self.encode($0.1))" }.joined(separator: "&")
    }
}
