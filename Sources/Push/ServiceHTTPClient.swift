import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOSSL
public import ServiceLifecycle

/// The HTTP client push services are reached with: HTTP/2 when the server offers it (APNs requires
/// it), the system's CA certificates plus an optional PEM file of extra ones (a private CA, or the test
/// servers' certificate).
public final class ServiceHTTPClient: Sendable {
    let client: HTTPClient

    public init(extraTrustRootsFile: String? = nil) {
        var tls = TLSConfiguration.makeClientConfiguration()
        if let extraTrustRootsFile { tls.additionalTrustRoots = [.file(extraTrustRootsFile)] }
        var configuration = HTTPClient.Configuration(tlsConfiguration: tls)
        configuration.httpVersion = .automatic
        configuration.timeout = .init(connect: .seconds(10), read: .seconds(30))
        self.client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    /// A response's status and body (at most 64 KiB: service answers are small).
    struct Answer {
        let status: Int
        let body: Data
    }

    func post(_ url: String, headers: [(String, String)], body: Data) async throws -> Answer {
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        request.body = .bytes(ByteBuffer(bytes: body))
        let response = try await self.client.execute(request, timeout: .seconds(30))
        let collected = try await response.body.collect(upTo: 64 * 1024)
        return Answer(status: Int(response.status.code), body: Data(collected.readableBytesView))
    }

    /// Closes idle connections; call once, after the last request.
    public func shutdown() async throws {
        try await self.client.shutdown()
    }
}

/// The client runs as a background service of the server: it closes its connections at graceful
/// shutdown, after the push worker that uses it has stopped.
extension ServiceHTTPClient: Service {
    public func run() async throws {
        try? await gracefulShutdown()
        try await self.shutdown()
    }
}
