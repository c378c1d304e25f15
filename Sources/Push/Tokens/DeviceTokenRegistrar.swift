public import Storage

/// Registers push tokens, those that arrive together in one go.
///
/// App starts come in bursts, and nearly every registration in them is a repeat that needs only a
/// read; the first registrations among them need a write, which SQLite makes one connection at a time
/// and PostgreSQL flushes to its WAL at each commit. Through a ``GroupCommit``, registrations arriving
/// while a batch is being registered are registered together by ``DeviceTokenStore``'s rule: one read
/// for all of them and one write, one commit, for those that need it.
public final class DeviceTokenRegistrar: Sendable {
    /// Registrations in one batch at most. Each batch size is a statement text of its own, which
    /// PostgreSQL prepares on each connection (at most 256 there): 32 keeps them few, and batches are
    /// rarely larger than the number of requests in flight.
    static let maximumBatch = 32

    private let batches: GroupCommit<DeviceTokenRequest, DeviceRegistration>

    public init(database: Database) {
        self.batches = GroupCommit(maximumBatch: Self.maximumBatch) { requests in
            try await database.withConnection { try await DeviceTokenStore.register(requests, on: $0) }
        }
    }

    /// Registers `request`'s token; returns whether that took a write and the last-seen time now stored.
    public func register(_ request: DeviceTokenRequest) async throws -> DeviceRegistration {
        try await self.batches.write(request)
    }
}
