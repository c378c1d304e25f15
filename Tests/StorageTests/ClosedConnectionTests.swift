import NIOConcurrencyHelpers
import SQLKit
import Storage
import TestSupport
import Testing

/// A pooled PostgreSQL connection that closes while a caller holds it.
@Suite struct ClosedConnectionTests {
    /// postgres-nio drops a query written to a channel that has closed (its handler has left the
    /// pipeline) without answering it; through `Database` such a query fails at once as an
    /// unavailable database (a 503 to the client) instead of waiting for ever.
    @Test(.enabled(if: TestDatabase.engines.contains(.postgres)))
    func aQueryOnAClosedConnectionFailsAtOnce() async throws {
        try await TestDatabase.withMigrated(.postgres) { database in
            let outcome = await Self.outcome(within: .seconds(10)) {
                try await database.withConnection { connection in
                    _ = try? await connection.raw("SELECT pg_terminate_backend(pg_backend_pid())").run()
                    // Time for the channel to close and NIO to take its handlers out of the pipeline.
                    try await Task.sleep(for: .milliseconds(300))
                    try await connection.raw("SELECT 1 AS one").run()
                }
            }
            switch outcome {
            case .finished(.failure(let error)):
                #expect(error is DatabaseUnavailable, "\(String(reflecting: error))")
            case .finished(.success):
                Issue.record("a query on a terminated connection succeeded")
            case .timedOut:
                Issue.record("a query on a terminated connection got no answer within 10 s")
            }
        }
    }

    private enum Outcome {
        case finished(Result<Void, any Error>)
        case timedOut
    }

    /// What `work` ended with, or `.timedOut` once `limit` passes first. A query that never answers
    /// ignores cancellation, so the two race in tasks of their own rather than in a task group, which
    /// would wait for both.
    private static func outcome(within limit: Duration, _ work: @escaping @Sendable () async throws -> Void) async -> Outcome {
        await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
            let answered = NIOLockedValueBox(false)
            let finish: @Sendable (Outcome) -> Void = { outcome in
                let first = answered.withLockedValue { done in
                    defer { done = true }
                    return !done
                }
                if first { continuation.resume(returning: outcome) }
            }
            Task {
                do {
                    try await work()
                    finish(.finished(.success(())))
                } catch {
                    finish(.finished(.failure(error)))
                }
            }
            Task {
                try? await Task.sleep(for: limit)
                finish(.timedOut)
            }
        }
    }
}
