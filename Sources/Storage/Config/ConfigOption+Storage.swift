/// The options the storage kernel's own code reads: the site's name and language, the outboxes' retries and
/// what the maintenance sweep keeps.
extension ConfigOption {
    public static let siteName = ConfigOption(
        "site_name", .text(maximumLength: 200), default: "Composr site",
        "The site's name, as e-mails (sender name, subjects), pages and messages show it."
    )
    public static let defaultLanguage = ConfigOption(
        "default_language", .language, default: "EN",
        "The language of answers when nothing else decides it, and of members who joined without naming one."
    )

    public static let mailRetryBaseSeconds = ConfigOption(
        "mail_retry_base_seconds", .integer(1...86_400), default: "30", .atStart,
        "Seconds before a failed mail is tried again; the wait doubles after each failure."
    )
    public static let mailRetryMaxSeconds = ConfigOption(
        "mail_retry_max_seconds", .integer(1...604_800), default: "3600", .atStart, "The longest wait between two attempts of a mail."
    )
    public static let mailMaxAttempts = ConfigOption(
        "mail_max_attempts", .integer(1...1000), default: "15", .atStart, "Attempts after which a mail is given up (marked failed)."
    )
    public static let pushRetryBaseSeconds = ConfigOption(
        "push_retry_base_seconds", .integer(1...86_400), default: "30", .atStart,
        "Seconds before a notification the service refused for now (429, 5xx, network) is tried again; the wait doubles."
    )
    public static let pushRetryMaxSeconds = ConfigOption(
        "push_retry_max_seconds", .integer(1...604_800), default: "3600", .atStart, "The longest wait between two attempts of a notification."
    )
    public static let pushMaxAttempts = ConfigOption(
        "push_max_attempts", .integer(1...1000), default: "10", .atStart, "Attempts after which a notification is given up (marked failed)."
    )

    public static let maintenanceIntervalMinutes = ConfigOption(
        "maintenance_interval_minutes", .integer(1...10_080), default: "60", .atStart, "Minutes between two maintenance sweeps."
    )
    public static let outboxRetentionDays = ConfigOption(
        "outbox_retention_days", .integer(1...3650), default: "30", "Days sent and failed mails and notifications are kept."
    )
    public static let newsSyncRetentionDays = ConfigOption(
        "news_sync_retention_days", .integer(1...3650), default: "90",
        "Days the news and gallery change logs are kept; an app that last synced earlier gets the full list again."
    )
    public static let pushTokenRetentionDays = ConfigOption(
        "push_token_retention_days", .integer(1...3650), default: "270", "Days a push token that is never registered again is kept."
    )
    public static let pendingAccountDays = ConfigOption(
        "pending_account_days", .integer(1...3650), default: "7",
        "Days an account waits for its address to be confirmed before it is removed, its name and address free again."
    )

    /// Every option the storage kernel declares.
    public static let declaredByStorage: [ConfigOption] = [
        .siteName, .defaultLanguage, .mailRetryBaseSeconds, .mailRetryMaxSeconds, .mailMaxAttempts, .pushRetryBaseSeconds,
        .pushRetryMaxSeconds, .pushMaxAttempts, .maintenanceIntervalMinutes, .outboxRetentionDays, .newsSyncRetentionDays,
        .pushTokenRetentionDays, .pendingAccountDays,
    ]
}
