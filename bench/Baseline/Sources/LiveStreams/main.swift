#if canImport(Glibc)
    import Glibc
#endif
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

// `LiveStreams PORT STREAMS COMMITS MEMBER TOKEN HOLD_SECONDS`: opens STREAMS live news streams
// (`content/news/live`) on 127.0.0.1:PORT and waits until each has its opening event; prints
// `ready`; holds them idle for HOLD_SECONDS (while the caller measures memory and throughput); then
// makes COMMITS articles one after another through `content/commandr_fs` as member MEMBER (an
// administrator's device token TOKEN) and, for each, times from its answer to its event at every
// stream. Prints the time to the event at the last stream (p50, p99, max over the commits), the p99
// over every stream and commit, and any event that did not come within 5 s.

let arguments = CommandLine.arguments.dropFirst().map { $0 }
guard arguments.count == 6, let port = Int(arguments[0]), let streams = Int(arguments[1]), let commits = Int(arguments[2]),
    let holdSeconds = Int(arguments[5])
else {
    print("usage: LiveStreams PORT STREAMS COMMITS MEMBER TOKEN HOLD_SECONDS")
    exit(2)
}
let member = arguments[3]
let token = arguments[4]

/// What every stream saw: how many have opened, and when each commit's event reached each stream.
final class Tally: Sendable {
    private struct State {
        var opened = 0
        var arrivals: [[ContinuousClock.Instant]] = []
    }
    private let state = NIOLockedValueBox(State())

    init(commits: Int) {
        self.state.withLockedValue { $0.arrivals = Array(repeating: [], count: commits + 1) }
    }

    func opened() { self.state.withLockedValue { $0.opened += 1 } }
    var openedCount: Int { self.state.withLockedValue { $0.opened } }

    func arrived(commit: Int, at instant: ContinuousClock.Instant) {
        self.state.withLockedValue { state in
            if commit < state.arrivals.count { state.arrivals[commit].append(instant) }
        }
    }

    func arrivals(_ commit: Int) -> [ContinuousClock.Instant] { self.state.withLockedValue { $0.arrivals[commit] } }
}

/// Counts a stream's `upserted` events (one per commit) and notes its opening `categories` event.
/// Each event's name comes at the start of a write of the server's, so a name is never cut in two
/// between reads; the bytes are searched where they lie, without a copy.
final class StreamReader: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    private static let upserted = Array("event: upserted\n".utf8)
    private static let categories = Array("event: categories\n".utf8)
    private let tally: Tally
    private var opened = false
    private var upserts = 0

    init(tally: Tally) {
        self.tally = tally
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let now = ContinuousClock.now
        let buffer = self.unwrapInboundIn(data)
        if !self.opened, Self.count(Self.categories, in: buffer) > 0 {
            self.opened = true
            self.tally.opened()
        }
        for _ in 0..<Self.count(Self.upserted, in: buffer) {
            self.upserts += 1
            self.tally.arrived(commit: self.upserts, at: now)
        }
    }

    private static func count(_ pattern: [UInt8], in buffer: ByteBuffer) -> Int {
        buffer.withUnsafeReadableBytes { bytes in
            pattern.withUnsafeBytes { needle in
                var found = 0
                guard var next = bytes.baseAddress, let pattern = needle.baseAddress else { return 0 }
                let end = next + bytes.count
                while end - next >= needle.count, let hit = memchr(next, Int32(needle[0]), end - next) {
                    let at = UnsafeRawPointer(hit)
                    guard end - at >= needle.count else { break }
                    if memcmp(at, pattern, needle.count) == 0 {
                        found += 1
                        next = at + needle.count
                    } else {
                        next = at + 1
                    }
                }
                return found
            }
        }
    }
}

/// Collects one HTTP answer (head and `Content-Length` bytes) and completes `done` when it is whole.
final class AnswerReader: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    private var received: [UInt8] = []
    private let done: EventLoopPromise<String>

    init(done: EventLoopPromise<String>) {
        self.done = done
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        self.received += Array(self.unwrapInboundIn(data).readableBytesView)
        let separator = Array("\r\n\r\n".utf8)
        guard let end = (0...max(0, self.received.count - 4)).first(where: { self.received[$0..<min(self.received.count, $0 + 4)].elementsEqual(separator) })
        else { return }
        let head = String(decoding: self.received[..<end], as: UTF8.self).lowercased()
        let length = head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }.flatMap { Int($0.dropFirst(15).filter { $0 != " " }) } ?? 0
        guard self.received.count - end - 4 >= length else { return }
        self.done.succeed(String(decoding: self.received, as: UTF8.self))
    }

    func channelInactive(context: ChannelHandlerContext) {
        self.done.succeed(String(decoding: self.received, as: UTF8.self))
    }
}

/// A line on standard output at once (`print` is buffered when the output is a file, and the caller
/// waits for `ready`).
func say(_ line: String) {
    let text = line + "\n"
    _ = text.withCString { write(1, $0, strlen($0)) }
}

let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
let tally = Tally(commits: commits)
let request = "GET /data/endpoint.php/content/news/live HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n"

let openingStarted = ContinuousClock.now
var channels: [any Channel] = []
for batch in stride(from: 0, to: streams, by: 250) {
    let opened = try await withThrowingTaskGroup(of: (any Channel).self) { tasks in
        for _ in batch..<min(streams, batch + 250) {
            tasks.addTask {
                let channel = try await ClientBootstrap(group: group)
                    .channelInitializer { channel in channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(StreamReader(tally: tally)) } }
                    .connect(host: "127.0.0.1", port: port).get()
                try await channel.writeAndFlush(ByteBuffer(string: request))
                return channel
            }
        }
        var opened: [any Channel] = []
        while let channel = try await tasks.next() { opened.append(channel) }
        return opened
    }
    channels += opened
}
while tally.openedCount < streams {
    guard ContinuousClock.now - openingStarted < .seconds(120) else {
        print("only \(tally.openedCount) of \(streams) streams opened")
        exit(1)
    }
    try await Task.sleep(for: .milliseconds(50))
}
say("opened \(streams) streams in \(ContinuousClock.now - openingStarted)")
say("ready")
try await Task.sleep(for: .seconds(holdSeconds))

/// Adds article `index` through `content/commandr_fs` and returns when its answer came.
func commit(_ index: Int) async throws -> ContinuousClock.Instant {
    let body = #"{"summary":"Made by bench/live.sh","article":"A change every stream must see."}"#
    let write =
        "POST /data/endpoint.php/content/commandr_fs/var/news/general/Live%20bench%20\(index).cms HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        + "cms_member_id: \(member)\r\ncms_member_hash: \(token)\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body
    let done = group.next().makePromise(of: String.self)
    let channel = try await ClientBootstrap(group: group)
        .channelInitializer { channel in channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(AnswerReader(done: done)) } }
        .connect(host: "127.0.0.1", port: port).get()
    try await channel.writeAndFlush(ByteBuffer(string: write))
    let answer = try await done.futureResult.get()
    let answered = ContinuousClock.now
    channel.close(promise: nil)
    guard answer.contains(#""success":true"#) else {
        print("the write failed: \(answer)")
        exit(1)
    }
    return answered
}

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}

var lastStream: [Double] = []
var everyStream: [Double] = []
var missing = 0
for index in 1...max(1, commits) where commits > 0 {
    let answered = try await commit(index)
    while tally.arrivals(index).count < streams, ContinuousClock.now - answered < .seconds(5) { try await Task.sleep(for: .milliseconds(2)) }
    let arrivals = tally.arrivals(index).map { milliseconds(max(.zero, $0 - answered)) }
    missing += streams - arrivals.count
    everyStream += arrivals
    lastStream.append(arrivals.max() ?? 5000)
    try await Task.sleep(for: .milliseconds(100))
}

func percentile(_ values: [Double], _ p: Double) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.up)) - 1)]
}
if commits > 0 {
    say(
        "commit to event at the last stream: p50 \(percentile(lastStream, 0.5)) ms, p99 \(percentile(lastStream, 0.99)) ms, max \(lastStream.max() ?? 0) ms; "
            + "every stream: p50 \(percentile(everyStream, 0.5)) ms, p99 \(percentile(everyStream, 0.99)) ms; missing \(missing)")
}
for channel in channels { channel.close(promise: nil) }
