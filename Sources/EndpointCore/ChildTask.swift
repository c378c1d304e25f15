/// Work run in a child task of its own, for the memory of a task that lives long.
///
/// A task keeps the memory of its deepest stack of async frames until it ends: the Swift runtime
/// reuses those slabs for the task's later calls but never gives them back. A connection's task
/// lives as long as its connection, so a live stream would hold, for as long as it is open, the
/// frames of the deepest call its connection ever made (the middleware, dispatcher and hook that
/// opened it, a database driver's reads). Work that goes deep but ends soon runs here instead, and
/// its frames are freed when it ends.
public enum ChildTask {
    /// What `body` returns (or throws), run in a child task that starts at once on the caller's
    /// thread; cancelling the caller cancels it.
    @inlinable
    public static func run<Result: Sendable>(_ body: @escaping @Sendable () async throws -> Result) async throws -> Result {
        try await withThrowingTaskGroup(of: Result.self) { group in
            group.addImmediateTask(operation: body)
            // The group holds exactly the one task just added.
            return try await group.next()!
        }
    }
}
