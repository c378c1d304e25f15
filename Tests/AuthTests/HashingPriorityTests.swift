import Testing

@testable import Auth

#if canImport(Glibc)
    import Glibc
#endif

/// Hashing runs below the event loops' priority, so saturated hashing threads leave cheap requests
/// their time slices; the caller's own thread keeps its priority.
@Suite struct HashingPriorityTests {
    #if os(Linux)
        @Test func hashingThreadsRunAtALowerPriority() async throws {
            let callers = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
            let hasher = PasswordHasher(threads: 2)
            let niceValues = try await withThrowingTaskGroup(of: Int32.self) { group in
                for _ in 0..<4 {
                    group.addTask { try await hasher.run { getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0) } }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            try await hasher.shutdown()
            #expect(niceValues.count == 4 && niceValues.allSatisfy { $0 == max(callers, BackgroundPriority.niceValue) }, "\(niceValues)")
            #expect(getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0) == callers, "the calling thread is untouched")
        }
    #endif
}
