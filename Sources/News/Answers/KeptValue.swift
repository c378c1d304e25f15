import NIOConcurrencyHelpers

/// One value read from the database for ``NewsAnswerCache``, kept until a time or until the cache is
/// cleared, and only used while the database's caches are trusted.
final class KeptValue<Value: Sendable>: Sendable {
    private let kept = NIOLockedValueBox<(value: Value, validUntil: Int)?>(nil)

    /// The kept value, or a fresh one from `load`, kept until `validUntil`.
    func value(now: Int, validUntil: Int, trusted: Bool, load: () async throws -> Value) async throws -> Value {
        if trusted, let kept = self.kept.withLockedValue({ $0 }), kept.validUntil > now { return kept.value }
        let value = try await load()
        self.kept.withLockedValue { $0 = (value, validUntil) }
        return value
    }

    func forget() {
        self.kept.withLockedValue { $0 = nil }
    }
}
