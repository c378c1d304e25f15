public import SiteStore

/// The options the news rules read: how long answers are kept, the search limit, push on publish, how
/// often Floki apps check their definition.
extension ConfigOption {
    public static let newsMaxAgeSeconds = ConfigOption(
        "news_max_age_seconds", .integer(0...86_400), default: "60",
        "Seconds apps, browsers and shared caches may keep a news answer or article page, and another instance its kept answers."
    )
    public static let newsSearchPerMinute = ConfigOption(
        "news_search_per_minute", .integer(1...100_000), default: "600", "News searches a client network may make a minute."
    )
    public static let newsPushOnPublish = ConfigOption(
        "news_push_on_publish", .flag, default: "0", "Whether every device is notified when an article is shown for the first time."
    )
    public static let flokiBeaconTTLSeconds = ConfigOption(
        "floki_beacon_ttl_seconds", .integer(1...2_147_483_647), default: "43200",
        "Seconds Floki apps wait before asking again whether their definition changed (the version indicator's ttl)."
    )

    /// Every option the news module declares.
    public static let declaredByNews: [ConfigOption] = [.newsMaxAgeSeconds, .newsSearchPerMinute, .newsPushOnPublish, .flokiBeaconTTLSeconds]
}
