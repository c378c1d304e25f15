public import Storage

/// The options the news rules read: how long answers are kept, the search limit, push on publish, how
/// often Floki apps check their definition, the live streams' heartbeat, limits and backlog.
extension ConfigOption {
    public static let newsMaxAgeSeconds = ConfigOption(
        "news_max_age_seconds", .integer(0...86_400), default: "60",
        "Seconds apps, browsers and shared caches may keep a news answer or article page, and another instance its kept answers."
    )
    public static let newsSearchPerMinute = ConfigOption(
        "news_search_per_minute", .integer(1...6_000), default: "600", "News searches a client network may make a minute."
    )
    public static let newsPushOnPublish = ConfigOption(
        "news_push_on_publish", .flag, default: "0", "Whether every device is notified when an article is shown for the first time."
    )
    public static let flokiBeaconTTLSeconds = ConfigOption(
        "floki_beacon_ttl_seconds", .integer(1...2_147_483_647), default: "43200",
        "Seconds Floki apps wait before asking again whether their definition changed (the version indicator's ttl)."
    )
    public static let newsLiveHeartbeatSeconds = ConfigOption(
        "news_live_heartbeat_seconds", .integer(1...3_600), default: "15",
        "Seconds between the comments a live news stream sends while nothing changes, so proxies and idle timeouts keep it open."
    )
    public static let newsLiveStreams = ConfigOption(
        "news_live_streams", .integer(0...100_000), default: "10000", "Live news streams one instance keeps open at once."
    )
    public static let newsLiveStreamsPerNetwork = ConfigOption(
        "news_live_streams_per_network", .integer(0...10_000), default: "50", "Live news streams one client network may hold open at once."
    )
    public static let newsLiveBacklog = ConfigOption(
        "news_live_backlog", .integer(16...20_000), default: "2000",
        "Latest changes an instance keeps for live streams whose clients read slowly; one further behind is disconnected and resumes."
    )
    public static let newsRevisionsKept = ConfigOption(
        "news_revisions_kept", .integer(1...1_000), default: "50", "Revisions kept per article (every save is one); older ones are forgotten."
    )
    public static let newsShareLinkDays = ConfigOption(
        "news_share_link_days", .integer(1...365), default: "7", "Days a draft's share link works, unless its maker revokes it sooner."
    )
    public static let newsRequireAltText = ConfigOption(
        "news_require_alt_text", .flag, default: "0",
        "Whether an article may be published only when every library image it shows has its alternative text (described in the media library)."
    )

    /// Every option the news module declares.
    public static let declaredByNews: [ConfigOption] = [
        .newsMaxAgeSeconds, .newsSearchPerMinute, .newsPushOnPublish, .flokiBeaconTTLSeconds, .newsLiveHeartbeatSeconds, .newsLiveStreams,
        .newsLiveStreamsPerNetwork, .newsLiveBacklog, .newsRevisionsKept, .newsShareLinkDays,
        .newsRequireAltText,
    ]
}
