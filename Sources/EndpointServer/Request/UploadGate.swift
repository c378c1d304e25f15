import NIOConcurrencyHelpers

/// How many request bodies larger than the body limit (uploads, for hooks that take them) are being
/// read at once. A body is read before what it holds is known, so each takes one of a bounded number
/// of places, or is answered 503 with `Retry-After` before it is read.
///
/// Who asks decides which places: a caller whose header or cookie credentials check out before the
/// body is read (an administrator's app or script) takes one of the members' places; anyone else one
/// of the others, and at most one at a time per client network. Four anonymous uploads trickling
/// 8 KB a second once took every place for as long as they lasted, and an administrator's upload was
/// refused meanwhile.
final class UploadGate: Sendable {
    private struct Places {
        var members = 0
        var others = 0
        var perNetwork: [String: Int] = [:]
    }

    private let places = NIOLockedValueBox(Places())
    /// Bodies read at once, for members and for the others each.
    let maximum: Int
    /// Bodies read at once per client network, of callers not recognized.
    static let perNetwork = 1

    init(maximum: Int) {
        self.maximum = max(1, maximum)
    }

    /// A place for a body: a member's when `member`, else one counted against `network` too; nil when
    /// every place it may take is taken.
    func enter(member: Bool, network: String) -> Place? {
        let admitted = self.places.withLockedValue { places -> Bool in
            if member {
                guard places.members < self.maximum else { return false }
                places.members += 1
                return true
            }
            guard places.others < self.maximum, places.perNetwork[network, default: 0] < Self.perNetwork else { return false }
            places.others += 1
            places.perNetwork[network, default: 0] += 1
            return true
        }
        return admitted ? Place(gate: self, member: member, network: network) : nil
    }

    fileprivate func leave(member: Bool, network: String) {
        self.places.withLockedValue { places in
            if member {
                places.members -= 1
                return
            }
            places.others -= 1
            let left = places.perNetwork[network, default: 1] - 1
            places.perNetwork[network] = left > 0 ? left : nil
        }
    }

    /// A place taken; given back by ``leave()``.
    struct Place {
        fileprivate let gate: UploadGate
        fileprivate let member: Bool
        fileprivate let network: String

        func leave() {
            self.gate.leave(member: self.member, network: self.network)
        }
    }
}
