import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOHTTP2
import NIOPosix
import NIOSSL

/// A real HTTP/2-over-TLS server on loopback standing in for APNs, FCM or Google's token endpoint in
/// tests: it records every request and answers with what `respond` says (which is where the tests
/// check signatures, headers and payloads). Only `h2` is offered, as APNs does.
package final class TestHTTP2Server: Sendable {
    /// One request as received.
    package struct Request: Sendable {
        package let method: String
        package let path: String
        package let headers: [(name: String, value: String)]
        package let body: Data
        package let httpVersion: HTTPVersion

        package func header(_ name: String) -> String? {
            self.headers.first { $0.name.lowercased() == name.lowercased() }?.value
        }

        package var json: [String: Any] {
            (try? JSONSerialization.jsonObject(with: self.body) as? [String: Any]) ?? [:]
        }
    }

    /// The answer to a request: status and JSON body.
    package typealias Responder = @Sendable (Request) async -> (status: Int, body: String)

    private let tls: NIOSSLContext
    private let respond: Responder
    private let state = NIOLockedValueBox<(requests: [Request], channel: (any Channel)?, port: Int)>(([], nil, 0))

    package init(certificate: TestCertificate, respond: @escaping Responder) throws {
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: [.certificate(try NIOSSLCertificate(file: certificate.certificatePath, format: .pem))],
            privateKey: .privateKey(try NIOSSLPrivateKey(file: certificate.keyPath, format: .pem))
        )
        configuration.applicationProtocols = ["h2"]
        self.tls = try NIOSSLContext(configuration: configuration)
        self.respond = respond
    }

    package var port: Int { self.state.withLockedValue { $0.port } }
    package var url: String { "https://localhost:\(self.port)" }
    package var requests: [Request] { self.state.withLockedValue { $0.requests } }

    package func start() async throws {
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.pipeline.addHandler(NIOSSLServerHandler(context: self.tls)).flatMap {
                    channel.configureHTTP2Pipeline(mode: .server) { stream in
                        stream.pipeline.addHandlers([HTTP2FramePayloadToHTTP1ServerCodec(), RequestHandler(server: self)])
                    }.map { _ in }
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        self.state.withLockedValue {
            $0.channel = channel
            $0.port = channel.localAddress?.port ?? 0
        }
    }

    package func stop() async throws {
        let channel = self.state.withLockedValue { $0.channel }
        try await channel?.close().get()
    }

    fileprivate func handle(_ request: Request) async -> (status: Int, body: String) {
        self.state.withLockedValue { $0.requests.append(request) }
        return await self.respond(request)
    }
}

/// Collects one request on an HTTP/2 stream and writes the answer.
private final class RequestHandler: ChannelInboundHandler, @unchecked Sendable {
    package typealias InboundIn = HTTPServerRequestPart
    package typealias OutboundOut = HTTPServerResponsePart

    private let server: TestHTTP2Server
    private var head: HTTPRequestHead?
    private var body = Data()

    package init(server: TestHTTP2Server) {
        self.server = server
    }

    package func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch Self.unwrapInboundIn(data) {
        case .head(let head):
            self.head = head
        case .body(let buffer):
            self.body.append(contentsOf: buffer.readableBytesView)
        case .end:
            guard let head = self.head else { return }
            let request = TestHTTP2Server.Request(
                method: head.method.rawValue, path: head.uri, headers: head.headers.map { ($0.name, $0.value) },
                body: self.body, httpVersion: head.version
            )
            let loop = context.eventLoop
            let bound = NIOLoopBound(context, eventLoop: loop)
            let server = self.server
            Task {
                let answer = await server.handle(request)
                loop.execute {
                    let context = bound.value
                    var headers = HTTPHeaders()
                    headers.add(name: "content-type", value: "application/json")
                    headers.add(name: "content-length", value: String(answer.body.utf8.count))
                    context.write(
                        Self.wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: .init(statusCode: answer.status), headers: headers))),
                        promise: nil)
                    context.write(Self.wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: answer.body)))), promise: nil)
                    context.writeAndFlush(Self.wrapOutboundOut(.end(nil)), promise: nil)
                }
            }
        }
    }
}
