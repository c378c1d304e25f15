public import Logging
public import ServiceLifecycle

/// A background service that repeats a pass (a mail or push outbox delivery, the maintenance sweep),
/// then a pause (cut short by its ``Doorbell``, when it has one), until the server shuts down.
///
/// Shutting down cancels a pass in progress, so that a mail or push service that hangs cannot hold the
/// server: what was cut off mid-send keeps its lease and is sent again within a minute (by this server
/// once restarted, or another instance); a receiver can drop a duplicate by its Message-ID. A cut-off
/// sweep rolls back and runs again at the next start.
public struct PeriodicWorker: Service {
    /// What the worker does, for its log lines.
    let name: String
    let interval: Duration
    let logger: Logger
    /// One delivery pass.
    let pass: @Sendable () async throws -> Void
    /// Rung when work is queued: the pause ends at once.
    let doorbell: Doorbell?
    /// Whether the first pass is made at once, or after a pause.
    let startsAtOnce: Bool

    public init(
        name: String, interval: Duration, doorbell: Doorbell? = nil, startsAtOnce: Bool = true, logger: Logger,
        pass: @escaping @Sendable () async throws -> Void
    ) {
        self.name = name
        self.interval = interval
        self.doorbell = doorbell
        self.startsAtOnce = startsAtOnce
        self.logger = logger
        self.pass = pass
    }

    public func run() async throws {
        if !self.startsAtOnce { try? await cancelWhenGracefulShutdown { try await self.pause() } }
        while !Task.isShuttingDownGracefully && !Task.isCancelled {
            do {
                try await cancelWhenGracefulShutdown { try await self.pass() }
            } catch is CancellationError {
                break
            } catch {
                self.logger.error("background pass failed", metadata: ["worker": "\(self.name)", "error": "\(String(reflecting: error))"])
            }
            try? await cancelWhenGracefulShutdown { try await self.pause() }
        }
    }

    /// The pause between two passes, cut short by the doorbell.
    private func pause() async throws {
        if let doorbell = self.doorbell { await doorbell.wait(upTo: self.interval) } else { try await Task.sleep(for: self.interval) }
    }
}
