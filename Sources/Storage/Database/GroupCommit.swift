import NIOConcurrencyHelpers

/// Writes that arrive while another is being written go to the database together, as one write.
///
/// SQLite lets one connection write at a time, and every write pays for the file's write lock, its
/// WAL frames and the page caches of the other connections, which its commit empties; under a burst
/// of writes, connections mostly wait for each other (docs/benchmarks.md). PostgreSQL flushes its
/// WAL at every commit. Here the first caller
/// writes its item at once; callers arriving meanwhile wait, and when that write ends the first of
/// them writes everything that arrived (up to `maximumBatch` items) in one go, so a burst costs one
/// write per round instead of one per item. Each caller returns once its own item is written.
///
/// A batch that fails is written again item by item, so each caller gets its own item's outcome and
/// one bad item costs its neighbours nothing but the retry; one that fails because the database cannot
/// be used (``DatabaseUnavailable``) fails every caller in it at once. No caller writes twice in a row: the turn
/// passes to the oldest waiting caller, so no request's latency grows by other requests' batches.
public final class GroupCommit<Item: Sendable, Output: Sendable>: Sendable {
    /// A waiting caller's item was written by another (with this output), or the caller writes the
    /// next batch.
    private enum Turn {
        case written(Output)
        case write
    }

    private struct Waiting {
        let item: Item
        let continuation: CheckedContinuation<Turn, any Error>
    }

    /// `waiting` is empty whenever `writing` is false; its first element is the caller whose turn it
    /// is (or will be) to write.
    private struct State {
        var writing = false
        var waiting: [Waiting] = []
    }

    private let state = NIOLockedValueBox(State())
    private let maximumBatch: Int
    private let writeBatch: @Sendable ([Item]) async throws -> [Output]

    /// - Parameters:
    ///   - maximumBatch: items written together at most.
    ///   - write: writes its items, all or none (one statement or one transaction), and returns an
    ///     output for each, in order.
    public init(maximumBatch: Int = 64, write: @escaping @Sendable ([Item]) async throws -> [Output]) {
        self.maximumBatch = max(1, maximumBatch)
        self.writeBatch = write
    }

    /// Callers whose items wait to be written (for tests).
    var waitingCount: Int {
        self.state.withLockedValue { $0.waiting.count }
    }

    /// Writes `item`, with whatever other items are waiting when its turn comes; returns its output.
    public func write(_ item: Item) async throws -> Output {
        let turn = try await withCheckedThrowingContinuation { continuation in
            let first = self.state.withLockedValue { state in
                state.waiting.append(Waiting(item: item, continuation: continuation))
                defer { state.writing = true }
                return !state.writing
            }
            if first { continuation.resume(returning: .write) }
        }
        if case .written(let output) = turn { return output }
        let batch = self.state.withLockedValue { state in
            let batch = Array(state.waiting.prefix(self.maximumBatch))
            state.waiting.removeFirst(batch.count)
            return batch
        }
        let outcomes = await self.outcomes(of: batch.map(\.item))
        let next = self.state.withLockedValue { state in
            if state.waiting.isEmpty { state.writing = false }
            return state.waiting.first
        }
        for (waiting, outcome) in zip(batch, outcomes).dropFirst() {
            waiting.continuation.resume(with: outcome.map { .written($0) })
        }
        next?.continuation.resume(returning: .write)
        return try outcomes[0].get()
    }

    /// Each item's outcome: the batch's, or when the batch failed, its own written alone; but when the
    /// database cannot be used, the batch's failure (alone, each would wait out the same timeout).
    private func outcomes(of items: [Item]) async -> [Result<Output, any Error>] {
        do {
            let outputs = try await self.writeBatch(items)
            precondition(outputs.count == items.count, "a batch write returns one output per item")
            return outputs.map { .success($0) }
        } catch  where items.count > 1 && !(error is DatabaseUnavailable) {
            var outcomes: [Result<Output, any Error>] = []
            for item in items {
                do {
                    outcomes.append(.success(try await self.writeBatch([item])[0]))
                } catch {
                    outcomes.append(.failure(error))
                }
            }
            return outcomes
        } catch {
            return Array(repeating: .failure(error), count: items.count)
        }
    }
}
