public import Logging
public import ServiceLifecycle
public import SiteStore

/// Keeps this process's ``LeaseHolder`` alive while the server runs (a ``PeriodicWorker`` beating every
/// ``LeaseHolder/heartbeatSeconds``), and gives its leases back once it stops.
///
/// Listed before the mail and push workers, it stops after them: a send they were cut off in is due
/// again at once, for the next process of this instance or for another instance, rather than after its
/// lease.
public struct LeaseHeartbeat: Service {
    let holder: LeaseHolder
    let clock: UnixClock
    let logger: Logger

    public init(holder: LeaseHolder, clock: UnixClock, logger: Logger) {
        self.holder = holder
        self.clock = clock
        self.logger = logger
    }

    public func run() async throws {
        try await PeriodicWorker(name: "outbox lease heartbeat", interval: .seconds(LeaseHolder.heartbeatSeconds), logger: self.logger) {
            try await self.holder.beat(now: self.clock.now)
        }.run()
        do {
            let released = try await self.holder.release()
            self.logger.info("outbox leases given back", metadata: ["rows": "\(released)", "instance": "\(self.holder.instance)"])
        } catch {
            self.logger.warning(
                "outbox leases not given back: they come back once this holder is seen dead", metadata: ["error": "\(String(reflecting: error))"])
        }
    }
}
