import EndpointCore
import HTTPTypes
import Hooks
import HummingbirdTesting
import TestSupport
import Testing

/// The envelope's exact shape, types and headers (reference §2, §7.2).
@Suite struct EnvelopeTests {
    @Test func successHasKeysInOrderAndRealBooleans() async throws {
        try await TestServer.run { client, _ in
            let answer = try await client.envelope("/data/endpoint.php/misc/echo")
            #expect(answer.raw.hasPrefix(#"{"success":true,"error_details":null,"response_data":{"#))
            #expect(answer.raw.hasSuffix("}"))
        }
    }

    @Test func failureHasSentenceAndEmptyObject() async throws {
        try await TestServer.run { client, _ in
            let answer = try await client.envelope("/data/endpoint.php?hook_type=misc&hook=missing")
            #expect(
                answer.raw == #"{"success":false,"error_details":"There is no API hook \#u{2018}misc/missing\#u{2019} on this server.","response_data":{}}"#)
        }
    }

    @Test func headersSuitBothSDKs() async throws {
        try await TestServer.run { client, _ in
            for uri in ["/data/endpoint.php/misc/echo", "/data/endpoint.php?hook_type=x&hook=y", "/data/endpoint.php?hook=y"] {
                let answer = try await client.envelope(uri)
                #expect(answer.headers[.contentType] == "application/json; charset=utf-8")
                #expect(answer.headers[.cacheControl] == "no-cache, must-revalidate")
                #expect(answer.headers[HTTPField.Name("X-Content-Type-Options")!] == "nosniff")
                let requestID = try #require(answer.headers[HTTPField.Name("X-Request-Id")!])
                #expect(!requestID.isEmpty)
            }
        }
    }

    @Test func hookFailureBecomesGeneric500WithRequestID() async throws {
        struct Exploding: Hook {
            var parameterNames: Set<String> { [] }
            struct Secret: Error {}
            func run(_ request: HookRequest) async throws -> HookResponse { throw Secret() }
        }
        var registry = HookRegistry()
        registry.register(Exploding(), as: HookKey("misc", "explode"))
        try await TestServer.run(registry: registry) { client, _ in
            let answer = try await client.envelope("/data/endpoint.php/misc/explode")
            #expect(answer.status == .internalServerError)
            #expect(answer.success == false)
            let requestID = try #require(answer.headers[HTTPField.Name("X-Request-Id")!])
            #expect(answer.errorDetails == "Something went wrong on the server. Please try again later (reference \(requestID)).")
            #expect(!answer.raw.contains("Secret"))
        }
    }

    @Test func healthReportsTheDatabase() async throws {
        try await TestServer.run { client, services in
            try await client.execute(uri: "/healthz", method: .get) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body) == #"{"status":"ok"}"#)
            }
            await services.database.shutdown()
            try await client.execute(uri: "/healthz", method: .get) { response in
                #expect(response.status == .serviceUnavailable)
                #expect(String(buffer: response.body) == #"{"status":"unavailable"}"#)
            }
        }
    }
}
