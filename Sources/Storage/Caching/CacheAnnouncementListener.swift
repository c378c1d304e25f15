public import Logging
import PostgresNIO

/// Listens for ``CacheAnnouncement``s on one dedicated PostgreSQL connection, outside the pool.
///
/// Caches are trusted only while the instance is listening: before the first `LISTEN` succeeds and from
/// the moment the connection drops, ``Database/cacheTrust`` is off and every read goes to the
/// database; on each (re)connection everything cached is forgotten first, since announcements sent
/// while nobody listened are lost, and then trusted again. Reconnection backs off from
/// `initialDelay` to `maximumDelay`. Both transitions are logged once.
public struct CacheAnnouncementListener: Sendable {
    private let configuration: PostgresConnection.Configuration
    private let trust: CacheTrust
    private let logger: Logger
    private let initialDelay: Duration
    private let maximumDelay: Duration

    /// A listener for `database`; nil on SQLite, whose one instance evicts its own caches.
    public init?(database: Database, logger: Logger, initialDelay: Duration = .milliseconds(100), maximumDelay: Duration = .seconds(5)) {
        guard let configuration = database.postgresConfiguration else { return nil }
        self.configuration = configuration
        self.trust = database.cacheTrust
        self.logger = logger
        self.initialDelay = initialDelay
        self.maximumDelay = maximumDelay
    }

    /// Listens until the task is cancelled, handing each announcement to `evict`; `evict(nil)` means
    /// "forget everything" (on each connection, and for a payload this version does not know).
    public func run(evict: @escaping @Sendable (CacheAnnouncement?) -> Void) async {
        self.trust.distrust()
        var delay = self.initialDelay
        var attempt = 0
        while !Task.isCancelled {
            attempt += 1
            do {
                let connection = try await PostgresConnection.connect(configuration: self.configuration, id: attempt, logger: self.logger)
                do {
                    // Closing the connection is what ends a wait for the server on cancellation (a
                    // `LISTEN` whose answer never comes would otherwise hold up shutdown).
                    try await withTaskCancellationHandler {
                        try await connection.listen(on: CacheAnnouncement.channel) { notifications in
                            evict(nil)
                            self.trust.trust()
                            delay = self.initialDelay
                            self.logger.notice("listening for cache announcements; caches trusted")
                            for try await notification in notifications {
                                evict(CacheAnnouncement(payload: notification.payload))
                            }
                        }
                    } onCancel: {
                        connection.close().whenComplete { _ in }
                    }
                    throw ConnectionEnded()
                } catch {
                    self.lost(error)
                }
                try? await connection.close()
            } catch {
                self.lost(error)
            }
            guard !Task.isCancelled else { break }
            try? await Task.sleep(for: delay)
            delay = min(delay * 2, self.maximumDelay)
        }
        self.trust.distrust()
    }

    /// The notifications ended without an error: the server closed the connection.
    private struct ConnectionEnded: Error {}

    private func lost(_ error: any Error) {
        let wasTrusted = self.trust.isTrusted
        self.trust.distrust()
        guard wasTrusted, !Task.isCancelled else { return }
        self.logger.error(
            "cache announcements lost; reading the database on every request until listening again",
            metadata: ["error": "\(String(reflecting: error))"]
        )
    }
}
