import NIOConcurrencyHelpers

/// Tells a background worker that work was just queued, so it starts at once instead of at its next
/// round; a ring while the worker is busy is kept for its next wait (rings in between count as one).
///
/// The worker still looks on its own every so often (``wait(upTo:)``), for work queued by another
/// instance or left by a crash.
public final class Doorbell: Sendable {
    private struct State {
        var rung = false
        var waiter: (id: Int, continuation: CheckedContinuation<Void, Never>)?
        var nextID = 0
    }

    private let state = NIOLockedValueBox(State())

    public init() {}

    /// Wakes the waiting worker, or the next one to wait.
    public func ring() {
        let waiter = self.state.withLockedValue { state in
            guard let waiter = state.waiter else {
                state.rung = true
                return nil as CheckedContinuation<Void, Never>?
            }
            state.waiter = nil
            return waiter.continuation
        }
        waiter?.resume()
    }

    /// Returns once rung (at once when rung since the last wait), after `timeout`, or when cancelled,
    /// whichever comes first.
    public func wait(upTo timeout: Duration) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.waitForRing() }
            group.addTask { try? await Task.sleep(for: timeout) }
            await group.next()
            group.cancelAll()
        }
    }

    private func waitForRing() async {
        let id = self.state.withLockedValue { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let rungAlready = self.state.withLockedValue { state in
                    if state.rung || Task.isCancelled {
                        state.rung = false
                        return true
                    }
                    state.waiter = (id, continuation)
                    return false
                }
                if rungAlready { continuation.resume() }
            }
        } onCancel: {
            let waiter = self.state.withLockedValue { state -> CheckedContinuation<Void, Never>? in
                guard let waiter = state.waiter, waiter.id == id else { return nil }
                state.waiter = nil
                return waiter.continuation
            }
            waiter?.resume()
        }
    }
}
