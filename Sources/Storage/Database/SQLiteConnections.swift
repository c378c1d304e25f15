import NIOConcurrencyHelpers
import NIOCore
import SQLiteNIO

/// Every SQLite connection a source has opened and not yet closed, and the opens and closes under way,
/// so the source's threads stop only after the last connection is closed on them.
///
/// sqlite-nio asserts that a connection is closed before it is released, and its close runs on the
/// source's threads: a close queued after those threads stopped never runs.
final class SQLiteConnections: Sendable {
    private struct State {
        var open: [ObjectIdentifier: SQLiteConnection] = [:]
        var operationsUnderWay = 0
    }

    /// A pthread mutex, not `Synchronization.Mutex`: ThreadSanitizer sees only the former's order (on
    /// Linux the latter locks with atomics inside the uninstrumented standard library, and CI's TSan
    /// pass reported two event loops updating this state under it as a race).
    private let state = NIOLockedValueBox(State())

    /// Counts `operation` as under way until it completes.
    func track<Value>(_ operation: EventLoopFuture<Value>) -> EventLoopFuture<Value> {
        self.state.withLockedValue { $0.operationsUnderWay += 1 }
        return operation.always { _ in self.state.withLockedValue { $0.operationsUnderWay -= 1 } }
    }

    func add(_ connection: SQLiteConnection) {
        self.state.withLockedValue { $0.open[ObjectIdentifier(connection)] = connection }
    }

    /// Closes `connection` if nobody has yet: `nil` when it was already closed or being closed.
    func close(_ connection: SQLiteConnection) -> EventLoopFuture<Void>? {
        let taken = self.state.withLockedValue { $0.open.removeValue(forKey: ObjectIdentifier(connection)) }
        guard let taken else { return nil }
        return self.track(taken.close())
    }

    /// Waits for the opens and closes under way (five seconds at most), then closes what is still open.
    func closeAll() async {
        let deadline = ContinuousClock.now + .seconds(5)
        while self.state.withLockedValue({ $0.operationsUnderWay > 0 }), ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(5))
        }
        let remaining = self.state.withLockedValue { state in
            defer { state.open.removeAll() }
            return Array(state.open.values)
        }
        for connection in remaining {
            try? await connection.close().get()
        }
    }
}
