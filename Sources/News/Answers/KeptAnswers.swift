import EndpointCore
import Metrics
import NIOConcurrencyHelpers

/// Rendered answers under their keys, each valid until a time, within a count and a byte budget:
/// when either is reached they start afresh (answers are cheap to rebuild, and a bounded dictionary
/// needs no bookkeeping per hit). One of ``NewsAnswerCache``'s shares.
final class KeptAnswers: Sendable {
    private struct Entry {
        var response: HookResponse
        var validUntil: Int
        var bytes: Int
    }

    private struct Entries {
        var byKey: [NewsAnswerKey: Entry] = [:]
        var bytes = 0
    }

    private let entries = NIOLockedValueBox(Entries())
    private let capacity: Int
    private let byteBudget: Int
    /// `endpoint_cache_lookups_total{cache=<name>, result=hit|miss}`.
    private let hits: Counter
    private let misses: Counter

    /// - Parameters:
    ///   - name: the `cache` label of the lookups counted;
    ///   - capacity: answers kept at most;
    ///   - byteBudget: their rendered size and their keys' at most (a client asking for many
    ///     different pages must not make the server hold them all).
    init(name: String, capacity: Int, byteBudget: Int) {
        self.capacity = capacity
        self.byteBudget = byteBudget
        self.hits = Counter(label: "endpoint_cache_lookups_total", dimensions: [("cache", name), ("result", "hit")])
        self.misses = Counter(label: "endpoint_cache_lookups_total", dimensions: [("cache", name), ("result", "miss")])
    }

    /// The answer kept under `key` while it is valid at `now`; counted as a hit or a miss.
    func answer(_ key: NewsAnswerKey, now: Int) -> HookResponse? {
        let answer = self.entries.withLockedValue { entries -> HookResponse? in
            guard let entry = entries.byKey[key] else { return nil }
            guard entry.validUntil > now else {
                entries.byKey[key] = nil
                entries.bytes -= entry.bytes
                return nil
            }
            return entry.response
        }
        (answer == nil ? self.misses : self.hits).increment()
        return answer
    }

    /// Not trusted now: counted as a miss.
    func miss() {
        self.misses.increment()
    }

    func store(_ response: HookResponse, as key: NewsAnswerKey, validUntil: Int) {
        // Its serialized bytes, the body the server frames around them once it sends it, and its key.
        let bytes = 2 * (response.rendering?.bytes.count ?? 0) + key.bytes
        self.entries.withLockedValue { entries in
            if entries.byKey.count >= self.capacity || entries.bytes + bytes > self.byteBudget { entries = Entries() }
            if let replaced = entries.byKey.updateValue(Entry(response: response, validUntil: validUntil, bytes: bytes), forKey: key) {
                entries.bytes -= replaced.bytes
            }
            entries.bytes += bytes
        }
    }

    func clear() {
        self.entries.withLockedValue { $0 = Entries() }
    }
}
