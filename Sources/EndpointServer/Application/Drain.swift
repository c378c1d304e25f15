public import Logging
import NIOConcurrencyHelpers
public import ServiceLifecycle

/// Whether this server is draining. Told to stop (SIGTERM or SIGINT), it first keeps serving for
/// ``ServerSettings/drainSeconds`` while `/readyz` answers 503 and every answer carries
/// `Connection: close` (``DrainNotice``): a balancer takes it out of rotation and clients leave their
/// keep-alive connections before it stops accepting connections, closes the idle ones and finishes the
/// requests in flight.
///
/// Answers that would go on for ever (live streams) are ended when the draining begins
/// (`whenBegun`), so their clients reconnect to an instance that stays.
public final class Drain: Sendable {
    private let draining = NIOLockedValueBox(false)
    private let whenBegun: @Sendable () -> Void

    public init(whenBegun: @escaping @Sendable () -> Void = {}) {
        self.whenBegun = whenBegun
    }

    var isDraining: Bool { self.draining.withLockedValue { $0 } }

    func begin() {
        self.draining.withLockedValue { $0 = true }
        self.whenBegun()
    }
}

/// The draining moment as a service: listed after the HTTP application, it is the first told to stop,
/// and the application (listener, then background services) is told once it returns.
struct DrainPeriod: Service {
    let drain: Drain
    let seconds: Int
    let logger: Logger

    func run() async throws {
        try await gracefulShutdown()
        self.drain.begin()
        self.logger.notice("draining: /readyz answers 503 and answers ask clients to close", metadata: ["seconds": "\(self.seconds)"])
        try await Task.sleep(for: .seconds(self.seconds))
    }
}
