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
/// and the application (listener, then background services) is told once it returns. From then on
/// what is in flight has `stopSeconds`; the connections still open after that are closed, so the
/// server stops whatever its clients do.
struct DrainPeriod: Service {
    let drain: Drain
    let seconds: Int
    let stopSeconds: Int
    let connections: OpenConnections
    let logger: Logger

    func run() async throws {
        try await gracefulShutdown()
        self.drain.begin()
        self.logger.notice("draining: /readyz answers 503 and answers ask clients to close", metadata: ["seconds": "\(self.seconds)"])
        try await Task.sleep(for: .seconds(self.seconds))
        // Unstructured: the bound runs while the application stops, and this service's return is what
        // tells the application to stop.
        Task { [stopSeconds, connections, logger] in
            try await Task.sleep(for: .seconds(stopSeconds))
            guard connections.count > 0 else { return }
            logger.notice("closing the connections still open", metadata: ["connections": "\(connections.count)", "after_seconds": "\(stopSeconds)"])
            connections.closeAll()
        }
    }
}
