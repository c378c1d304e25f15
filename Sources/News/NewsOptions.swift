public import SiteStore

/// The options the news rules read: how long answers are kept, the search limit, push on publish.
extension ConfigOption {
    public static let newsMaxAgeSeconds = ConfigOption(
        "news_max_age_seconds", .integer(0...86_400), default: "60",
        "Seconds apps, browsers and shared caches may keep a news answer or article page, and another instance its kept answers."
    )
    public static let newsSearchPerMinute = ConfigOption(
        "news_search_per_minute", .integer(1...100_000), default: "60", "News searches a client network may make a minute."
    )
    public static let newsPushOnPublish = ConfigOption(
        "news_push_on_publish", .flag, default: "0", "Whether every device is notified when an article is shown for the first time."
    )

    /// Every option the news module declares.
    public static let declaredByNews: [ConfigOption] = [.newsMaxAgeSeconds, .newsSearchPerMinute, .newsPushOnPublish]
}
