import CMalloc
import Foundation

/// glibc's malloc arenas, at most one per core in the server.
///
/// glibc gives threads arenas of their own, up to eight per core, and each arena keeps the memory it
/// got back for its own next allocations, so the server's many threads (event loops, Swift's pool,
/// one per SQLite connection) each hold freed memory apart. An operator's own `MALLOC_ARENA_MAX` wins.
enum MallocArenas {
    static func limitToCores(environment: [String: String]) {
        guard environment["MALLOC_ARENA_MAX"] == nil else { return }
        _ = mallopt(M_ARENA_MAX, Int32(clamping: max(2, ProcessInfo.processInfo.activeProcessorCount)))
    }
}
