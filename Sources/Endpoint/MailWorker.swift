import Logging
import Mail
import ServiceLifecycle

/// The background service that empties the mail outbox: a delivery pass, then a pause, until the
/// server shuts down (a pass in progress is finished first).
struct MailWorker: Service {
    let delivery: MailDelivery
    let interval: Duration
    let logger: Logger

    func run() async throws {
        while !Task.isShuttingDownGracefully && !Task.isCancelled {
            do {
                try await self.delivery.deliverDue()
            } catch {
                self.logger.error("mail outbox pass failed", metadata: ["error": "\(String(reflecting: error))"])
            }
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: self.interval) }
        }
    }
}
