/// Whose devices a notification goes to.
public enum PushTarget: Sendable, Equatable {
    /// Every device registered to this member.
    case member(Int)
    /// Every registered device, anonymous or not.
    case allDevices
    /// Devices registered without a member (logged-out apps).
    case anonymous
    /// Devices of administrators and super-moderators.
    case staff
    /// Devices of the members of this usergroup.
    case group(Int)

    /// The target as `push_broadcasts` keeps it: a kind and, for one member, the member.
    var stored: (kind: String, memberID: Int?) {
        switch self {
        case .member(let id): ("member", id)
        case .allDevices: ("all", nil)
        case .anonymous: ("anonymous", nil)
        case .staff: ("staff", nil)
        case .group(let id): ("group:\(id)", nil)
        }
    }

    /// The target `push_broadcasts` kept; nil for a kind this build does not know.
    init?(kind: String, memberID: Int?) {
        switch (kind, memberID) {
        case ("member", let id?): self = .member(id)
        case ("all", _): self = .allDevices
        case ("anonymous", _): self = .anonymous
        case ("staff", _): self = .staff
        case (let kind, _) where kind.hasPrefix("group:"):
            guard let id = Int(kind.dropFirst("group:".count)) else { return nil }
            self = .group(id)
        default: return nil
        }
    }
}
