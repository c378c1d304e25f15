import EndpointCore
import Testing

/// Work run in a child task (``ChildTask``): what it returns or throws comes back as from a call, and
/// cancelling the caller cancels it.
@Suite struct ChildTaskTests {
    struct Refusal: Error, Equatable {}

    @Test func answersAsACallWould() async throws {
        #expect(try await ChildTask.run { 6 * 7 } == 42)
        await #expect(throws: Refusal()) { try await ChildTask.run { () async throws -> Int in throw Refusal() } }
    }

    @Test func cancellingTheCallerCancelsTheChild() async throws {
        let (started, starting) = AsyncStream.makeStream(of: Void.self)
        let caller = Task {
            try await ChildTask.run {
                starting.yield()
                try await Task.sleep(for: .seconds(60))
                return "slept"
            }
        }
        var iterator = started.makeAsyncIterator()
        await iterator.next()
        caller.cancel()
        await #expect(throws: CancellationError.self) { try await caller.value }
    }
}
