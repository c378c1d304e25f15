import Storage
import Testing

/// The doorbell that wakes a background worker when work is queued.
@Suite struct DoorbellTests {
    @Test func aRingWakesTheWaiterOrTheNextWaitAndOtherwiseTheWaitTimesOut() async throws {
        let bell = Doorbell()
        let clock = ContinuousClock()
        bell.ring()
        bell.ring()
        #expect(try await Self.duration(clock) { await bell.wait(upTo: .seconds(30)) } < .seconds(5), "a ring before the wait is kept")
        #expect(try await Self.duration(clock) { await bell.wait(upTo: .milliseconds(200)) } >= .milliseconds(200), "two rings count as one")

        async let woken: Duration = Self.duration(clock) { await bell.wait(upTo: .seconds(30)) }
        try await Task.sleep(for: .milliseconds(100))
        bell.ring()
        #expect(try await woken < .seconds(5), "a ring during the wait ends it")

        let cancelled = Task { await bell.wait(upTo: .seconds(30)) }
        try await Task.sleep(for: .milliseconds(50))
        let started = clock.now
        cancelled.cancel()
        await cancelled.value
        #expect(clock.now - started < .seconds(5), "cancellation ends the wait")
        bell.ring()
        #expect(try await Self.duration(clock) { await bell.wait(upTo: .seconds(30)) } < .seconds(5), "and the bell still works")
    }

    static func duration(_ clock: ContinuousClock, _ body: () async -> Void) async throws -> Duration {
        let started = clock.now
        await body()
        return clock.now - started
    }
}
