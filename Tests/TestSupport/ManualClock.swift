import Storage
import Synchronization

/// The system's clock plus however far a test has moved it, both its time of day and its intervals:
/// hand ``clock`` to the site, then ``advance(seconds:)`` instead of sleeping until a stored time comes
/// or a heartbeat is due. Time still passes as usual, so what other parts stamp with the system's
/// clock stays in order with it.
package final class ManualClock: Sendable {
    private let offset = Atomic<Int>(0)

    package init() {}

    package var clock: SiteClock {
        SiteClock(
            wall: { UnixTime.now + self.offset.load(ordering: .sequentiallyConsistent) },
            monotonic: { SiteClock.system.elapsed + .seconds(self.offset.load(ordering: .sequentiallyConsistent)) }
        )
    }

    package func advance(seconds: Int) {
        self.offset.add(seconds, ordering: .sequentiallyConsistent)
    }
}
