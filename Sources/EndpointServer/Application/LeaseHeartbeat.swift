public import Logging
public import Outbox
public import ServiceLifecycle
public import Storage
import Synchronization

/// Registers this process's ``LeaseHolder`` (taking back the leases an earlier process of this
/// instance left), keeps it alive while the server runs (a ``PeriodicWorker`` beating every
/// ``LeaseHolder/heartbeatSeconds``; a registration that failed, the database being away, is tried
/// again at the next beat), and gives its leases back once it stops.
///
/// Listed before the mail and push workers, it stops after them: a send they were cut off in is due
/// again at once, for the next process of this instance or for another instance, rather than after its
/// lease.
public struct LeaseHeartbeat: Service {
    let holder: LeaseHolder
    let database: Database
    let clock: SiteClock
    let logger: Logger

    public init(holder: LeaseHolder, database: Database, clock: SiteClock, logger: Logger) {
        self.holder = holder
        self.database = database
        self.clock = clock
        self.logger = logger
    }

    public func run() async throws {
        let registered = Atomic<Bool>(false)
        try await PeriodicWorker(name: "outbox lease heartbeat", interval: .seconds(LeaseHolder.heartbeatSeconds), logger: self.logger) {
            guard registered.load(ordering: .acquiring) else {
                let takenBack = try await self.database.transaction { try await self.holder.register(now: self.clock.now, on: $0) }
                registered.store(true, ordering: .releasing)
                if takenBack > 0 { self.logger.notice("outbox leases of a stopped process taken back", metadata: ["rows": "\(takenBack)"]) }
                return
            }
            try await self.database.withConnection { try await self.holder.beat(now: self.clock.now, on: $0) }
        }.run()
        do {
            let released = try await self.database.transaction { try await self.holder.release(on: $0) }
            self.logger.info("outbox leases given back", metadata: ["rows": "\(released)", "instance": "\(self.holder.instance)"])
        } catch {
            self.logger.warning(
                "outbox leases not given back: they come back once this holder is seen dead", metadata: ["error": "\(String(reflecting: error))"])
        }
    }
}
