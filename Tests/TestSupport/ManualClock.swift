import SiteStore
import Synchronization

/// The wall clock plus however far a test has moved it: hand ``clock`` to the site, then
/// ``advance(seconds:)`` instead of sleeping until a stored time comes. Time still passes as usual, so
/// what other parts stamp with the system's clock stays in order with it.
package final class ManualClock: Sendable {
    private let offset = Atomic<Int>(0)

    package init() {}

    package var clock: UnixClock {
        UnixClock { UnixTime.now + self.offset.load(ordering: .sequentiallyConsistent) }
    }

    package func advance(seconds: Int) {
        self.offset.add(seconds, ordering: .sequentiallyConsistent)
    }
}
