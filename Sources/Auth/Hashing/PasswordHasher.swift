import Metrics
import NIOConcurrencyHelpers
public import NIOCore
import NIOPosix

/// Hashes and verifies passwords on a dedicated, bounded worker pool.
///
/// Argon2id deliberately costs tens of milliseconds of CPU and ~19 MiB per hash. Running it on the
/// event loop would stall every other request, and queueing without limit under a login burst would
/// pile up memory; so hashing gets its own threads (not sqlite-nio's shared pool), at a lower priority
/// than request handling (``BackgroundPriority``), and a cap on work waiting for them. Past the cap
/// callers get ``Busy`` at once and can answer "try again".
public final class PasswordHasher: Sendable {
    /// The pool already has as much work waiting as it may.
    public struct Busy: Error {}

    /// Settings for new hashes.
    public let parameters: Argon2idParameters
    private let pool: NIOThreadPool
    /// When the last hash finished (for ``trimIfIdle(for:)``).
    private let lastFinished = NIOLockedValueBox(ContinuousClock.now)
    private let pending: NIOLockedValueBox<Int>
    private let maximumPending: Int
    /// A hash of a random password with the current parameters, verified against when there is no
    /// real hash so that failures take as long as real checks. Made on a hashing thread the first time
    /// it is needed.
    private let dummyHash = NIOLockedValueBox<String?>(nil)
    /// `endpoint_hash_queue_depth`: hashes running or waiting; `endpoint_hash_wait_seconds`: how long
    /// each waited for a hashing thread.
    private let queueDepth = Gauge(label: "endpoint_hash_queue_depth")
    private let wait = Metrics.Timer(label: "endpoint_hash_wait_seconds")

    /// - Parameters:
    ///   - parameters: Argon2id cost for new hashes.
    ///   - threads: hashing threads (default one per core).
    ///   - maximumPending: hashes running or waiting before new requests are refused.
    public init(
        parameters: Argon2idParameters = .owaspBaseline,
        threads: Int = System.coreCount,
        maximumPending: Int = 32
    ) {
        self.parameters = parameters
        self.pool = NIOThreadPool(numberOfThreads: max(1, threads))
        self.pool.start()
        self.pending = NIOLockedValueBox(0)
        self.maximumPending = max(1, maximumPending)
    }

    /// A new Argon2id hash of `password` with the configured parameters.
    public func hash(_ password: String) async throws -> String {
        let parameters = self.parameters
        return try await self.run { try Argon2id.hash(password, parameters: parameters) }
    }

    /// Checks `password` against a stored hash: Argon2id, or a legacy Composr form with its salt.
    ///
    /// An empty or unrecognised stored hash never matches, but still costs one Argon2id verification,
    /// so a caller cannot tell from the time taken whether an account exists or can log in.
    public func verify(_ password: String, against stored: String, legacySalt: String = "") async throws -> PasswordCheck {
        let current = self.parameters
        let dummyHash = self.dummyHash
        return try await self.run {
            if stored.hasPrefix("$argon2id$") {
                guard Argon2id.verify(password, encoded: stored) else { return .mismatch }
                let weaker = Argon2idParameters(encoded: stored).map { !$0.isAtLeast(current) } ?? true
                return .match(needsRehash: weaker)
            }
            if LegacyComposrHash.recognises(stored) {
                return LegacyComposrHash.verify(password, stored: stored, salt: legacySalt) ? .match(needsRehash: true) : .mismatch
            }
            let dummy = try dummyHash.withLockedValue { cached in
                if let cached { return cached }
                let made = try Argon2id.hash("dummy password \(UInt64.random(in: .min ... .max))", parameters: current)
                cached = made
                return made
            }
            _ = Argon2id.verify(password, encoded: dummy)
            return .mismatch
        }
    }

    /// Spends the time of one real verification and fails: for logins naming no usable account.
    public func verifyNothing(_ password: String) async throws {
        _ = try await self.verify(password, against: "")
    }

    /// Runs `work` on the hashing pool, or throws ``Busy`` when the pool is saturated.
    func run<Result: Sendable>(_ work: @escaping @Sendable () throws -> Result) async throws -> Result {
        let admitted = self.pending.withLockedValue { count in
            guard count < self.maximumPending else { return false }
            count += 1
            self.queueDepth.record(count)
            return true
        }
        guard admitted else { throw Busy() }
        defer {
            self.pending.withLockedValue { count in
                count -= 1
                self.queueDepth.record(count)
            }
            self.lastFinished.withLockedValue { $0 = .now }
        }
        let queued = ContinuousClock.now
        let wait = self.wait
        return try await self.pool.runIfActive {
            wait.record(duration: ContinuousClock.now - queued)
            BackgroundPriority.applyToCurrentThread()
            return try work()
        }
    }

    /// Gives the Argon2id blocks kept for the next hashes back to the system when no hash is running
    /// or waiting and none finished within `quiet`: logins in a row reuse their blocks (mapping 19 MiB
    /// afresh costs a single login about 11 ms), an idle server holds none.
    func trimIfIdle(for quiet: Duration) {
        let idle = self.pending.withLockedValue { $0 == 0 } && self.lastFinished.withLockedValue { ContinuousClock.now - $0 >= quiet }
        if idle { Argon2id.trimKeptMemory() }
    }

    /// Stops the worker threads once queued work has finished.
    public func shutdown() async throws {
        try await self.pool.shutdownGracefully()
    }
}
