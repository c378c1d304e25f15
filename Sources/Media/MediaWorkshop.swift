import CMalloc
import Dispatch
import Metrics
import NIOConcurrencyHelpers
public import NIOCore
import NIOPosix
public import ServiceLifecycle

/// Where images are decoded and versions made: a bounded pool of threads of its own, off the event
/// loops and Swift's cooperative pool (a 12-megapixel decode takes a thread for tens of milliseconds),
/// with a cap on work waiting. Past the cap callers get ``MediaFailure/busy`` at once (a 503 with
/// `Retry-After`) instead of piling up decoded images in memory.
///
/// A version many requests want at once is made once: later callers wait for the first one's result
/// (``make(_:_:)``). Large work (a version of more than ``largePixels``: an original re-encoded, WebP
/// above all, is encoded whole in memory) runs one at a time, and gives its memory back to the system
/// when done, so the server's memory stays bounded however many such versions are asked for.
public final class MediaWorkshop: Sendable {
    private let pool: NIOThreadPool
    private let pending = NIOLockedValueBox(0)
    private let maximumPending: Int
    private let inFlight = NIOLockedValueBox<[String: Task<ByteBuffer, any Error>]>([:])
    private let made = NIOLockedValueBox(0)
    /// `endpoint_media_queue_depth`: images being decoded or waiting for a thread;
    /// `endpoint_media_versions_made_total`: versions made.
    private let queueDepth = Gauge(label: "endpoint_media_queue_depth")
    private let versionsMade = Counter(label: "endpoint_media_versions_made_total")
    private let large = DispatchSemaphore(value: 1)

    /// Output pixels above which work is large.
    public static let largePixels = 4_000_000

    /// - Parameters:
    ///   - threads: threads decoding at once (default: one per core).
    ///   - maximumPending: decodes running or waiting before new ones are refused.
    public init(threads: Int = System.coreCount, maximumPending: Int = 32) {
        self.pool = NIOThreadPool(numberOfThreads: max(1, threads))
        self.pool.start()
        self.maximumPending = max(1, maximumPending)
    }

    /// Versions made since the start (what `endpoint_media_versions_made_total` counts).
    public var versionsMadeCount: Int { self.made.withLockedValue { $0 } }

    /// Makes the version named `key` with `work`, unless a call with the same key is already making
    /// it: then waits for that one's bytes (the same buffer, not a copy).
    func make(_ key: String, _ work: @escaping @Sendable () async throws -> ByteBuffer) async throws -> ByteBuffer {
        let task = self.inFlight.withLockedValue { tasks in
            if let running = tasks[key] { return running }
            let task = Task {
                defer { _ = self.inFlight.withLockedValue { $0.removeValue(forKey: key) } }
                let bytes = try await work()
                self.made.withLockedValue { $0 += 1 }
                self.versionsMade.increment()
                return bytes
            }
            tasks[key] = task
            return task
        }
        return try await task.value
    }

    /// Runs `work` on the workshop's threads, or throws ``MediaFailure/busy`` when it is full; `large`
    /// work waits for the other large work on its thread (see the type's comment).
    public func run<Result: Sendable>(large: Bool = false, _ work: @escaping @Sendable () throws -> Result) async throws -> Result {
        let admitted = self.pending.withLockedValue { count in
            guard count < self.maximumPending else { return false }
            count += 1
            self.queueDepth.record(count)
            return true
        }
        guard admitted else { throw MediaFailure.busy }
        defer {
            self.pending.withLockedValue { count in
                count -= 1
                self.queueDepth.record(count)
            }
        }
        guard large else { return try await self.pool.runIfActive(work) }
        let semaphore = self.large
        return try await self.pool.runIfActive {
            semaphore.wait()
            defer {
                malloc_trim(0)
                semaphore.signal()
            }
            return try work()
        }
    }

    /// Stops the threads once queued work has finished.
    public func shutdown() async throws {
        try await self.pool.shutdownGracefully()
    }
}

/// The workshop runs as a background service of the server, so its threads stop after the HTTP
/// server has drained.
extension MediaWorkshop: Service {
    public func run() async throws {
        try? await gracefulShutdown()
        try await self.shutdown()
    }
}
