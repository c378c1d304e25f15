import Hooks
import Logging
import ServiceLifecycle
import SiteStore

/// Keeps this instance's caches true to changes committed anywhere on the same PostgreSQL database:
/// runs the ``CacheAnnouncementListener`` and evicts what each announcement names.
struct CacheAnnouncementService: Service {
    let listener: CacheAnnouncementListener
    let caches: CacheEviction

    func run() async throws {
        let caches = self.caches
        await cancelWhenGracefulShutdown { await self.listener.run { caches.evict($0) } }
    }
}
