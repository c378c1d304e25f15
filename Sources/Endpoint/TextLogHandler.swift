import Logging

/// swift-log's `StreamLogHandler` (the `text` format), with the logger's metadata kept as given until
/// a line is written.
///
/// Hummingbird sets a request ID on every request's logger, and `StreamLogHandler` renders all of its
/// metadata to text each time an item is set: 2.7% of a cheap call's CPU (`perf`, session view),
/// though at the default level almost no request writes a line. Here the items are handed to the
/// stream handler with the line they belong to, so the line reads the same (its keys are sorted).
struct TextLogHandler: LogHandler {
    private var stream: StreamLogHandler
    var metadata: Logger.Metadata = [:]

    init(stream: StreamLogHandler) {
        self.stream = stream
    }

    var logLevel: Logger.Level {
        get { self.stream.logLevel }
        set { self.stream.logLevel = newValue }
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { self.metadata[key] }
        set { self.metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var event = event
        event.metadata = self.metadata.merging(event.metadata ?? [:], uniquingKeysWith: { $1 })
        self.stream.log(event: event)
    }
}
