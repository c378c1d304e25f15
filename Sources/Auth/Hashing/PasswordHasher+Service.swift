public import ServiceLifecycle

/// The hashing pool runs as a background service of the server, so its threads stop with one graceful
/// shutdown after the HTTP server has drained (services stop in the reverse order of their start).
/// Until then it gives kept Argon2id blocks back once hashing has been quiet for a second.
extension PasswordHasher: Service {
    public func run() async throws {
        try? await cancelWhenGracefulShutdown {
            while true {
                try await Task.sleep(for: .seconds(1))
                self.trimIfIdle(for: .seconds(1))
            }
        }
        try await self.shutdown()
    }
}
