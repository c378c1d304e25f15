import Hummingbird
import NIOCore

/// Hummingbird's per-request context, plus the socket peer address (the client IP when no trusted
/// proxy is in between) and, when the request is recorded (``AccessRecorder``), what its access line
/// and metrics will report.
struct EndpointRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    let remoteAddress: SocketAddress?
    var access: AccessNote?

    init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
        self.remoteAddress = source.channel.remoteAddress
    }
}
