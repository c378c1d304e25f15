import Hooks
import Logging
import Metrics
import ServiceLifecycle
import Storage

/// Keeps this instance's caches true to changes committed anywhere on the same PostgreSQL database:
/// runs the ``CacheAnnouncementListener`` and evicts what each announcement names, counting them in
/// `endpoint_cache_announcements_total{kind}`.
struct CacheAnnouncementService: Service {
    let listener: CacheAnnouncementListener
    let caches: CacheEviction

    func run() async throws {
        let caches = self.caches
        await cancelWhenGracefulShutdown {
            await self.listener.run { announcement in
                caches.evict(announcement)
                Counter(label: "endpoint_cache_announcements_total", dimensions: [("kind", announcement?.kind ?? "everything")]).increment()
            }
        }
    }
}
