import NIOConcurrencyHelpers

/// How many request bodies larger than the body limit (uploads, for hooks that take them) are being
/// read at once. The body is read before the caller is known (credentials may be fields of the
/// form), so without a cap anyone could hold many upload-sized bodies in memory; past it an upload is
/// answered 503 with `Retry-After` before its body is read.
final class UploadGate: Sendable {
    private let open = NIOLockedValueBox(0)
    let maximum: Int

    init(maximum: Int) {
        self.maximum = max(1, maximum)
    }

    /// Takes one of the places, or returns false when every place is taken.
    func enter() -> Bool {
        self.open.withLockedValue { open in
            guard open < self.maximum else { return false }
            open += 1
            return true
        }
    }

    func leave() {
        self.open.withLockedValue { $0 -= 1 }
    }
}
