import CMalloc
import Foundation

/// glibc's malloc, tuned for the server; an operator's own `MALLOC_ARENA_MAX` or
/// `MALLOC_MMAP_THRESHOLD_` wins.
enum MallocTuning {
    /// Large blocks, mapped on their own: given back to the system when freed.
    static let mmapThresholdBytes: Int32 = 256 * 1024

    static func apply(environment: [String: String]) {
        // At most one arena per core: glibc gives threads arenas of their own, up to eight per core,
        // and each arena keeps the memory it got back for its own next allocations, so the server's
        // many threads (event loops, Swift's pool, one per SQLite connection) each hold freed memory
        // apart.
        if environment["MALLOC_ARENA_MAX"] == nil {
            _ = mallopt(M_ARENA_MAX, Int32(clamping: max(2, ProcessInfo.processInfo.activeProcessorCount)))
        }
        // A fixed threshold for mapping blocks apart: glibc's own rises (to 32 MB) after a large block
        // is freed, so the buffers libvips allocates and frees while making image versions would stay
        // in the arenas' heaps, fragmented (bench/media.sh: the highest RSS while making 1,008
        // versions went from 201 to 161 MB, 98 MB at rest afterwards instead of 163).
        if environment["MALLOC_MMAP_THRESHOLD_"] == nil {
            _ = mallopt(M_MMAP_THRESHOLD, Self.mmapThresholdBytes)
        }
    }
}
