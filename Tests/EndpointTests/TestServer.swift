@testable import Endpoint
import Auth
import Foundation
import Hooks
import Hummingbird
import HummingbirdTesting
import Logging
import Mail
import ServiceLifecycle
import NIOCore
import SiteStore
import SQLKit

/// Runs the real application (the one `endpoint serve` builds) against a fresh database and hands the
/// test a client: in-process through Hummingbird's router test framework, or over a real socket.
enum TestServer {
    /// - Parameters:
    ///   - config: config options to set before the services read them (e.g. throttle limits).
    ///   - hashThreads, hashQueueLimit: the password-hashing pool.
    ///   - registry: hooks to serve instead of the standard set.
    ///   - smtp: when given, the mail worker runs and delivers to it.
    static func run<Value>(
        engine: DatabaseEngine = .sqlite,
        settings: ServerSettings = ServerSettings(),
        config: [String: String] = [:],
        hashThreads: Int = 2,
        hashQueueLimit: Int = 32,
        registry: HookRegistry? = nil,
        smtp: TestSMTPServer? = nil,
        framework: TestingSetup = .router,
        _ test: @Sendable (any TestClientProtocol, HookServices) async throws -> Value
    ) async throws -> Value {
        try await TestDatabase.withMigrated(engine) { database in
            try await database.withConnection { connection in
                for (name, value) in config {
                    try await connection.raw("DELETE FROM config WHERE name = \(bind: name)").run()
                    try await connection.raw("INSERT INTO config (name, value) VALUES (\(bind: name), \(bind: value))").run()
                }
            }
            let config = try await ConfigStore.load(from: database)
            let hasher = PasswordHasher(parameters: Argon2idParameters(options: try await config.options()), threads: hashThreads, maximumPending: hashQueueLimit)
            let services = try await HookServices.live(
                database: database, config: config, hasher: hasher, secureCookies: settings.secureCookies,
                publicURL: settings.linkBaseURL, staffEmail: settings.staffEmail
            )
            var settings = settings
            settings.port = 0
            let workers: [any Service] = try smtp.map { server in
                let delivery = try MailFixtures.delivery(database, smtp: server)
                return [OutboxWorker(name: "mail", interval: .milliseconds(50), logger: quietLogger) { try await delivery.deliverDue() }]
            } ?? []
            let app = EndpointApplication.build(
                settings: settings, services: services, registry: registry, backgroundServices: workers, logger: quietLogger
            )
            do {
                let value = try await app.test(framework) { client in try await test(client, services) }
                try await hasher.shutdown()
                return value
            } catch {
                try? await hasher.shutdown()
                throw error
            }
        }
    }
}

/// A decoded envelope, for assertions. Immutable after decoding (the JSON dictionary is never
/// mutated), hence safe to pass between tasks.
struct DecodedEnvelope: @unchecked Sendable {
    let status: HTTPResponse.Status
    let headers: HTTPFields
    let raw: String
    let json: [String: Any]

    init(_ response: TestResponse) throws {
        self.status = response.status
        self.headers = response.headers
        self.raw = String(buffer: response.body)
        guard let object = try JSONSerialization.jsonObject(with: Data(self.raw.utf8)) as? [String: Any] else {
            throw TestFailure("Not a JSON object: \(self.raw)")
        }
        self.json = object
    }

    var success: Bool? { self.json["success"] as? Bool }
    var errorDetails: String? { self.json["error_details"] as? String }
    var data: [String: Any] { self.json["response_data"] as? [String: Any] ?? [:] }
}

extension TestClientProtocol {
    /// Sends a request and decodes the envelope it answers with.
    func envelope(
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
    func postForm(_ uri: String, _ fields: [(String, String)], headers: HTTPFields = [:]) async throws -> DecodedEnvelope {
        var headers = headers
        headers[.contentType] = "application/x-www-form-urlencoded"
        return try await self.envelope(uri, method: .post, headers: headers, body: FormEncoding.body(fields))
    }

    /// POSTs `fields` as multipart/form-data, as the iOS SDK does.
    func postMultipart(_ uri: String, _ fields: [(String, String)], headers: HTTPFields = [:]) async throws -> DecodedEnvelope {
        let boundary = "Boundary-\(UUID().uuidString)"
        var headers = headers
        headers[.contentType] = "multipart/form-data; boundary=\(boundary)"
        var body = ""
        for (name, value) in fields {
            body += "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n"
        }
        body += "--\(boundary)--\r\n"
        return try await self.envelope(uri, method: .post, headers: headers, body: body)
    }

}

/// `application/x-www-form-urlencoded` encoding, as browsers and the Android SDK do it.
enum FormEncoding {
    static func encode(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._*")
        return (text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text).replacingOccurrences(of: "%20", with: "+")
    }

    static func body(_ fields: [(String, String)]) -> String {
        fields.map { "\(Self.encode($0.0))=\(Self.encode($0.1))" }.joined(separator: "&")
    }
}
