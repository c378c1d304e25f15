import Dispatch
import Glibc

/// Untrusted markup is parsed and rendered in child processes, never in the server or the import:
/// a parser bug, known or not (gumbo freeing a 400,000-deep tree recursively, a quadratic input),
/// costs one child and the sentence "This text could not be rendered", never every client.
///
/// Each child is the server's own program with a render command (``serve(limits:_:)``), kept for
/// ``Limits/answersPerChild`` requests: a request and its answer are a length and bytes each on a
/// Unix socket that is the child's standard input and output. The child limits its own address space
/// and says it is ready before it reads anything; the parent gives it ``Limits/startup`` to say so
/// (starting the server's program on a loaded machine is not rendering), then each answer
/// ``Limits/time`` of wall-clock time (CPU
/// time can be no more: the child renders on one thread) and ``Limits/answerBytes``, and kills the
/// child (SIGKILL) past either, or when it answers nothing. At most ``Limits/children`` render at
/// once; further requests wait for one.
public final class RenderProcesses: @unchecked Sendable {
    public struct Limits: Sendable {
        /// Children rendering at once.
        public var children: Int
        /// Wall-clock time for one answer.
        public var time: Duration
        /// The child's address space.
        public var memoryBytes: Int
        /// The largest request and answer.
        public var requestBytes: Int
        public var answerBytes: Int
        /// Requests a child answers before it is replaced (whatever it leaks is given back).
        public var answersPerChild: Int
        /// Wall-clock time a new child has to say it is ready, before its first request's ``time``.
        public var startup: Duration

        /// Two children (the machine's cores), 5 s an answer (a maximal body renders in about 50 ms),
        /// 1 GiB of address space (the program's own mappings take about 300 MiB of it), 16 MiB
        /// requests (a maximal body and summary with their images), 64 MiB answers, and 30 s to start
        /// (a first render once took more than its 5 s on a machine busy with a test suite).
        public static let standard = Limits(
            children: 2, time: .seconds(5), memoryBytes: 1 << 30, requestBytes: 16 << 20, answerBytes: 64 << 20, answersPerChild: 1_000,
            startup: .seconds(30))

        public init(
            children: Int, time: Duration, memoryBytes: Int, requestBytes: Int, answerBytes: Int, answersPerChild: Int, startup: Duration
        ) {
            self.children = max(1, children)
            self.time = time
            self.memoryBytes = memoryBytes
            self.requestBytes = requestBytes
            self.answerBytes = answerBytes
            self.answersPerChild = max(1, answersPerChild)
            self.startup = startup
        }
    }

    private let program: String
    private let arguments: [String]
    private let limits: Limits
    private let places: DispatchSemaphore
    /// Guards `idle` and `started`.
    private let lock = DispatchQueue(label: "RenderProcesses")
    private var idle: [Child] = []
    private var started = 0

    /// Children running `program` (a path) with `arguments` (its render command).
    public init(program: String, arguments: [String], limits: Limits = .standard) {
        self.program = program
        self.arguments = arguments
        self.limits = limits
        self.places = DispatchSemaphore(value: limits.children)
    }

    /// The program named `name` in the folder of the one running: the server's own binary when it is
    /// named `name`, and the one built beside a test bundle.
    public static func besideThisProgram(_ name: String) -> String {
        var path = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &path, path.count - 1)
        let running = length > 0 ? String(decoding: path[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self) : CommandLine.arguments[0]
        let folder = running.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        return folder + "/" + name
    }

    /// Children started since this pool was made (each replaces one that ended or failed).
    public var childrenStarted: Int { self.lock.sync { self.started } }

    /// The child's answer to `request`; ``TextRefused/tooLong(maximum:)`` for a request over the
    /// limit, ``TextRefused/failed`` when the child could not answer within its limits.
    public func answer(_ request: [UInt8]) async throws(TextRefused) -> [UInt8] {
        guard request.count <= self.limits.requestBytes else { throw TextRefused.tooLong(maximum: self.limits.requestBytes) }
        let result: Result<[UInt8], TextRefused> = await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: self.answerWaiting(request)) }
        }
        return try result.get()
    }

    /// Blocks a dispatch thread (never Swift's cooperative pool) until a child is free and answers.
    private func answerWaiting(_ request: [UInt8]) -> Result<[UInt8], TextRefused> {
        self.places.wait()
        defer { self.places.signal() }
        var child = self.lock.sync { self.idle.popLast() } ?? self.start()
        var answer = child?.exchange(request, limits: self.limits)
        // A child that died while it waited (killed by an operator or the kernel) ends before a byte of
        // its answer: the request goes to a fresh child, once. A text that kills children costs two.
        if case .gone? = answer, let dead = child, dead.answered > 0 {
            dead.end()
            child = self.start()
            answer = child?.exchange(request, limits: self.limits)
        }
        guard let child, case .answer(let bytes)? = answer else {
            child?.end()
            return .failure(.failed)
        }
        if child.answered < self.limits.answersPerChild {
            self.lock.sync { self.idle.append(child) }
        } else {
            child.end()
        }
        return .success(bytes)
    }

    private func start() -> Child? {
        self.lock.sync { self.started += 1 }
        return Child(program: self.program, arguments: self.arguments)
    }

    deinit {
        for child in self.idle { child.end() }
    }

    /// What a child does: limits itself, then answers each request on standard input with `answer`'s
    /// bytes on standard output until the parent closes the socket. Never returns.
    public static func serve(limits: Limits = .standard, _ answer: ([UInt8]) -> [UInt8]) -> Never {
        var memory = rlimit(rlim_cur: rlim_t(limits.memoryBytes), rlim_max: rlim_t(limits.memoryBytes))
        var noCore = rlimit(rlim_cur: 0, rlim_max: 0)
        guard setrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &memory) == 0, setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &noCore) == 0
        else { exit(2) }
        Self.closeInherited()
        guard Self.write(1, Self.ready, until: nil) else { exit(1) }
        while true {
            guard let header = Self.read(0, count: 8, until: nil) else { exit(0) }
            let length = Self.length(header)
            guard length <= limits.requestBytes, let request = Self.read(0, count: length, until: nil) else { exit(1) }
            let reply = answer(request)
            guard Self.write(1, Self.header(reply.count) + reply, until: nil) else { exit(1) }
        }
    }

    /// Closes every descriptor above standard error that the server left open without close-on-exec.
    private static func closeInherited() {
        guard let folder = opendir("/proc/self/fd") else { return }
        var inherited: [Int32] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if let descriptor = Int32(name), descriptor > 2, descriptor != dirfd(folder) { inherited.append(descriptor) }
        }
        closedir(folder)
        for descriptor in inherited { close(descriptor) }
    }

    // MARK: Frames

    /// What a child writes once, when it is ready for requests.
    static let ready: [UInt8] = [1]

    static func header(_ length: Int) -> [UInt8] {
        (0..<8).reversed().map { UInt8(truncatingIfNeeded: UInt64(length) >> UInt64($0 * 8)) }
    }

    static func length(_ header: [UInt8]) -> Int {
        Int(truncatingIfNeeded: header.reduce(UInt64(0)) { $0 << 8 | UInt64($1) } & UInt64(Int.max))
    }

    /// `count` bytes from `descriptor`, nil at its end, on an error or past `deadline`.
    static func read(_ descriptor: Int32, count: Int, until deadline: ContinuousClock.Instant?) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            guard Self.wait(descriptor, for: Int16(POLLIN), until: deadline) else { return nil }
            let read = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + done, count - done) }
            if read < 0, errno == EINTR { continue }
            guard read > 0 else { return nil }
            done += read
        }
        return bytes
    }

    /// Writes all of `bytes`; false on an error (the other side gone) or past `deadline`. Never
    /// raises SIGPIPE in the parent: its side is a socket written with `MSG_NOSIGNAL`.
    static func write(_ descriptor: Int32, _ bytes: [UInt8], until deadline: ContinuousClock.Instant?) -> Bool {
        var done = 0
        while done < bytes.count {
            guard Self.wait(descriptor, for: Int16(POLLOUT), until: deadline) else { return false }
            let written = bytes.withUnsafeBytes { buffer in
                deadline == nil
                    ? Glibc.write(descriptor, buffer.baseAddress! + done, bytes.count - done)
                    : send(descriptor, buffer.baseAddress! + done, bytes.count - done, Int32(MSG_NOSIGNAL))
            }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return false }
            done += written
        }
        return true
    }

    /// Whether `descriptor` is ready for `events` before `deadline` (nil: no deadline).
    private static func wait(_ descriptor: Int32, for events: Int16, until deadline: ContinuousClock.Instant?) -> Bool {
        guard let deadline else { return true }
        while true {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { return false }
            var entry = pollfd(fd: descriptor, events: events, revents: 0)
            let milliseconds = Int32(min(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1, 60_000))
            let ready = poll(&entry, 1, milliseconds)
            if ready < 0, errno == EINTR { continue }
            guard ready >= 0 else { return false }
            if ready > 0 { return true }
        }
    }
}
