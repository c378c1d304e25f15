#if canImport(Glibc)
    import Glibc
#endif

/// Lowers the calling thread's scheduling priority, for work that may take every core but must not
/// delay request handling.
///
/// Logins saturate the hashing threads by design (each hash costs tens of milliseconds of CPU); at the
/// same priority as the event loops, cheap requests then wait for a time slice behind hashes and their
/// latency multiplies. At a lower priority the kernel runs the event loops first whenever they have
/// work, and hashing still gets every cycle they leave, so login throughput is unchanged. On Linux the
/// nice value belongs to each thread and `who = 0` names the calling one; elsewhere this does nothing.
enum BackgroundPriority {
    /// The nice value hashing threads run at, at least (0 is normal, 19 the lowest).
    static let niceValue: Int32 = 10

    /// Lowers the calling thread to ``niceValue`` unless it already runs lower.
    static func applyToCurrentThread() {
        #if os(Linux)
            let thread = __priority_which_t(PRIO_PROCESS.rawValue)
            let current = getpriority(thread, 0)
            if current < niceValue { _ = setpriority(thread, 0, niceValue) }
        #endif
    }
}
