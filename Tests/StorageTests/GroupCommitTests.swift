import NIOConcurrencyHelpers
import Testing

@testable import Storage

/// What `GroupCommit` promises its callers: writes that arrive during a write go together, each
/// caller gets its own item's outcome, and nobody is left waiting.
@Suite struct GroupCommitTests {
    struct Refused: Error, Equatable {
        let item: Int
    }

    /// A `GroupCommit` whose first batch says it `started` and then waits until `release()`; it
    /// records every batch it writes and refuses any batch holding `refused`.
    final class Recorder: Sendable {
        let batches = NIOLockedValueBox<[[Int]]>([])
        let started: AsyncStream<Void>
        private let opener: AsyncStream<Void>.Continuation
        let commit: GroupCommit<Int, Int>

        init(maximumBatch: Int = 64, refused: Int? = nil) {
            let (started, starting) = AsyncStream.makeStream(of: Void.self)
            let (gate, opener) = AsyncStream.makeStream(of: Void.self)
            self.started = started
            self.opener = opener
            let batches = self.batches
            self.commit = GroupCommit(maximumBatch: maximumBatch) { items in
                if batches.withLockedValue({ $0.isEmpty }) {
                    starting.yield()
                    for await _ in gate { break }
                }
                if let refused, items.contains(refused) { throw Refused(item: refused) }
                batches.withLockedValue { $0.append(items) }
                return items
            }
        }

        func release() {
            self.opener.yield()
        }

        /// Waits until `count` callers wait behind the write in progress (5 s at most).
        func waitForWaiting(_ count: Int) async throws {
            for _ in 0..<500 where self.commit.waitingCount < count {
                try await Task.sleep(for: .milliseconds(10))
            }
            try #require(self.commit.waitingCount == count)
        }
    }

    /// Writes `items` concurrently behind a first write that waits for the gate; returns each
    /// item's outcome.
    static func writeBehindAFirstWrite(_ items: [Int], with recorder: Recorder) async throws -> [Int: Result<Void, Refused>] {
        try await withThrowingTaskGroup(of: (Int, Result<Void, Refused>).self) { group in
            group.addTask {
                _ = try await recorder.commit.write(0)
                return (0, .success(()))
            }
            for await _ in recorder.started { break }
            for item in items {
                group.addTask {
                    do {
                        _ = try await recorder.commit.write(item)
                        return (item, .success(()))
                    } catch let refused as Refused {
                        return (item, .failure(refused))
                    }
                }
            }
            try await recorder.waitForWaiting(items.count)
            recorder.release()
            var outcomes: [Int: Result<Void, Refused>] = [:]
            for try await (item, outcome) in group { outcomes[item] = outcome }
            return outcomes
        }
    }

    @Test func writesArrivingDuringAWriteAreWrittenTogetherOnceItEnds() async throws {
        let recorder = Recorder()
        let outcomes = try await Self.writeBehindAFirstWrite(Array(1...9), with: recorder)
        #expect(outcomes.count == 10 && outcomes.values.allSatisfy { (try? $0.get()) != nil })
        let batches = recorder.batches.withLockedValue { $0 }
        #expect(batches.count == 2, "\(batches)")
        #expect(batches.first == [0])
        #expect(batches.last.map(Set.init) == Set(1...9))
        #expect(recorder.commit.waitingCount == 0)
    }

    @Test func batchesHoldAtMostTheMaximum() async throws {
        let recorder = Recorder(maximumBatch: 4)
        _ = try await Self.writeBehindAFirstWrite(Array(1...10), with: recorder)
        #expect(recorder.batches.withLockedValue { $0.map(\.count) } == [1, 4, 4, 2])
    }

    /// One refused item in a batch fails its own caller only: the batch is written again item by item.
    @Test func aRefusedItemFailsItsOwnCallerOnly() async throws {
        let recorder = Recorder(refused: 3)
        let outcomes = try await Self.writeBehindAFirstWrite(Array(1...5), with: recorder)
        #expect(throws: Refused(item: 3)) { try outcomes[3]?.get() }
        for item in [0, 1, 2, 4, 5] { #expect((try? outcomes[item]?.get()) != nil, "item \(item)") }
        let batches = recorder.batches.withLockedValue { $0 }
        #expect(batches.first == [0] && batches.allSatisfy { $0.count == 1 }, "\(batches)")
        #expect(Set(batches.joined()) == [0, 1, 2, 4, 5])
    }

    /// A database that cannot be used fails the whole batch at once, without a retry per item (each
    /// would wait out the same timeout).
    @Test func anUnavailableDatabaseFailsTheBatchAtOnce() async throws {
        let attempts = NIOLockedValueBox(0)
        let commit = GroupCommit<Int, Int>(maximumBatch: 16) { items in
            attempts.withLockedValue { $0 += 1 }
            try await Task.sleep(for: .milliseconds(5))
            throw DatabaseUnavailable(underlying: Refused(item: items[0]))
        }
        let failures = try await withThrowingTaskGroup(of: Bool.self) { group in
            for item in 0..<40 {
                group.addTask {
                    do {
                        _ = try await commit.write(item)
                        return false
                    } catch is DatabaseUnavailable {
                        return true
                    }
                }
            }
            return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(failures == 40)
        #expect(attempts.withLockedValue { $0 } < 40, "batches, not one attempt per item")
    }

    /// Thousands of concurrent callers: each item is written exactly once and every caller returns.
    @Test func everyCallerReturnsAndEveryItemIsWrittenOnce() async throws {
        let written = NIOLockedValueBox<[Int]>([])
        let commit = GroupCommit<Int, Int>(maximumBatch: 16) { items in
            await Task.yield()
            written.withLockedValue { $0 += items }
            return items.map { $0 * 2 }
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for item in 0..<5_000 {
                group.addTask {
                    let output = try await commit.write(item)
                    #expect(output == item * 2, "each caller gets its own output")
                }
            }
            try await group.waitForAll()
        }
        #expect(written.withLockedValue { $0.sorted() } == Array(0..<5_000))
        #expect(commit.waitingCount == 0)
    }
}
