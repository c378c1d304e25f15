public import SiteStore

/// The options push registration and news announcements read.
extension ConfigOption {
    public static let pushTokenRefreshSeconds = ConfigOption(
        "push_token_refresh_seconds", .integer(0...604_800), default: "3600",
        "Seconds a registered token's last-seen time is left alone: registering it again within them writes nothing."
    )
    public static let pushTokensPerIPPerHour = ConfigOption(
        "push_tokens_per_ip_per_hour", .integer(1...1_000_000), default: "1000", "New push tokens a client network may register an hour."
    )
    public static let pushTokensPerMemberPerHour = ConfigOption(
        "push_tokens_per_member_per_hour", .integer(1...1_000_000), default: "20", "New push tokens one member may register an hour."
    )
    public static let newsPushOnPublish = ConfigOption(
        "news_push_on_publish", .flag, default: "0", "Whether every device is notified when an article is shown for the first time."
    )

    /// Every option the push module declares.
    public static let declaredByPush: [ConfigOption] = [.pushTokenRefreshSeconds, .pushTokensPerIPPerHour, .pushTokensPerMemberPerHour, .newsPushOnPublish]
}
