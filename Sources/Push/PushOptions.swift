public import Storage

/// The options push registration reads.
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

    /// Every option the push module declares.
    public static let declaredByPush: [ConfigOption] = [.pushTokenRefreshSeconds, .pushTokensPerIPPerHour, .pushTokensPerMemberPerHour]
}
