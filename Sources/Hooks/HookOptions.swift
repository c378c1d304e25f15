public import SiteStore

/// The options hooks read themselves: the news API's caching and search limit, `contact_us` limits.
extension ConfigOption {
    public static let newsMaxAgeSeconds = ConfigOption(
        "news_max_age_seconds", .integer(0...86_400), default: "60",
        "Seconds apps, browsers and shared caches may keep a news answer or article page, and another instance its kept answers."
    )
    public static let newsSearchPerMinute = ConfigOption(
        "news_search_per_minute", .integer(1...100_000), default: "60", "News searches a client network may make a minute."
    )
    public static let contactUsLimitPerHour = ConfigOption(
        "contact_us_limit_per_hour", .integer(1...100_000), default: "5", "Contact messages a member may send an hour."
    )
    public static let contactUsLimitPerIPPerHour = ConfigOption(
        "contact_us_limit_per_ip_per_hour", .integer(1...100_000), default: "50", "Contact messages a client network may send an hour."
    )

    /// Every option the hooks declare.
    public static let declaredByHooks: [ConfigOption] = [.newsMaxAgeSeconds, .newsSearchPerMinute, .contactUsLimitPerHour, .contactUsLimitPerIPPerHour]
}
