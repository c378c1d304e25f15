import Hummingbird
import NIOCore

/// Hummingbird's per-request context, plus the socket peer address (the client IP when no trusted
/// proxy is in between), the connection (which a live stream closes when its client stops reading)
/// and, when the request is recorded (``AccessRecorder``), what its access line
/// and metrics will report.
struct EndpointRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    let remoteAddress: SocketAddress?
    let channel: any Channel
    var access: AccessNote?

    init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
        self.remoteAddress = source.channel.remoteAddress
        self.channel = source.channel
    }
}
