public import ServiceLifecycle

/// The hashing pool runs as a background service of the server, so its threads stop with one graceful
/// shutdown after the HTTP server has drained (services stop in the reverse order of their start).
extension PasswordHasher: Service {
    public func run() async throws {
        try? await gracefulShutdown()
        try await self.shutdown()
    }
}
