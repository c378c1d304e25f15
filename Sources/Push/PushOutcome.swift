/// What a push service said about one notification.
public enum PushOutcome: Sendable, Equatable {
    /// Accepted.
    case sent
    /// The device token is no longer valid (uninstalled app, bad token): forget it.
    case deadToken(String)
    /// A passing problem (429, 5xx, network): try again later.
    case retry(String)
    /// Refused for good (a malformed request, bad credentials).
    case failed(String)
}
