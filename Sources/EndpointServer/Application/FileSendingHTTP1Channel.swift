import HummingbirdCore
import Logging
import NIOCore
import NIOHTTPTypesHTTP1

/// HTTP/1.1 exactly as Hummingbird sets it up, plus a ``FileRegionSender`` just below its codec: the
/// codec carries only bytes in memory, and a file answered from below it goes from the page cache to
/// the socket with `sendfile(2)` (``FileBody``).
struct FileSendingHTTP1Channel: ServerChildChannel {
    let http1: HTTP1Channel

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<HTTP1Channel.Value> {
        self.http1.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let pipeline = channel.pipeline.syncOperations
            try pipeline.addHandler(FileRegionSender(), position: .before(try pipeline.handler(type: HTTP1ToHTTPServerCodec.self)))
            return value
        }
    }

    func handle(value: HTTP1Channel.Value, logger: Logger) async {
        await self.http1.handle(value: value, logger: logger)
    }
}

extension HTTPServerBuilder {
    /// Hummingbird's `.http1(configuration:)`, sending files from below the codec.
    static func http1SendingFiles(configuration: HTTP1Channel.Configuration) -> HTTPServerBuilder {
        HTTPServerBuilder { responder in FileSendingHTTP1Channel(http1: HTTP1Channel(responder: responder, configuration: configuration)) }
    }
}
