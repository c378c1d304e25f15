/// A committed change that caches in front of the database depend on, as PostgreSQL announces it on
/// ``channel`` (migration 0018's triggers, in the transaction that makes the change).
public enum CacheAnnouncement: Equatable, Sendable {
    /// One member's sessions, password, ban, groups or profile changed.
    case member(Int)
    /// A group's standing changed: any membership may be wrong.
    case groups
    /// A config option changed.
    case config
    /// The shown news changed.
    case news
    /// A push token moved to another owner or was removed.
    case tokens
    /// An image (by content hash) was deleted.
    case media(String)

    /// The notification channel the triggers announce on.
    public static let channel = "endpoint_cache"

    /// What kind of change it is, as payloads and metrics name it (`member`, `groups`, `config`, `news`,
    /// `tokens`, `media`).
    public var kind: String {
        switch self {
        case .member: "member"
        case .groups: "groups"
        case .config: "config"
        case .news: "news"
        case .tokens: "tokens"
        case .media: "media"
        }
    }

    /// The announcement a notification's payload carries; nil for a payload this version does not know
    /// (a newer instance's), which the listener treats as "forget everything".
    public init?(payload: String) {
        switch payload {
        case "groups": self = .groups
        case "config": self = .config
        case "news": self = .news
        case "tokens": self = .tokens
        default:
            if payload.hasPrefix("media:") {
                self = .media(String(payload.dropFirst("media:".count)))
                return
            }
            guard payload.hasPrefix("member:"), let id = Int(payload.dropFirst("member:".count)) else { return nil }
            self = .member(id)
        }
    }
}
