public import Storage

/// The options sessions, password hashing and the login throttle read.
extension ConfigOption {
    public static let sessionIdleDays = ConfigOption(
        "session_idle_days", .integer(1...3650), default: "120", .atStart, "Days a session may go unused before it ends."
    )
    public static let sessionMaximumDays = ConfigOption(
        "session_maximum_days", .integer(1...3650), default: "365", .atStart, "Days after which a session ends however much it is used."
    )
    public static let sessionCacheSeconds = ConfigOption(
        "session_cache_seconds", .integer(0...300), default: "5", .atStart,
        "Seconds a recognised session and its member's groups are remembered in memory (0: read every time)."
    )

    public static let argon2MemoryKiB = ConfigOption(
        "argon2_memory_kib", .integer(19_456...262_144), default: "19456", .atStart,
        "Memory of a new password hash in KiB (OWASP's baseline is the least); weaker stored hashes are redone at the next login."
    )
    public static let argon2Iterations = ConfigOption(
        "argon2_iterations", .integer(2...100), default: "2", .atStart, "Passes over memory of a new password hash."
    )
    public static let argon2Parallelism = ConfigOption(
        "argon2_parallelism", .integer(1...64), default: "1", .atStart, "Lanes of a new password hash."
    )

    public static let loginThrottleUserIPFailures = ConfigOption(
        "login_throttle_user_ip_failures", .integer(1...1_000_000), default: "5",
        "Failed logins of one name from one client network after which that pair must wait."
    )
    public static let loginThrottleUserIPMinutes = ConfigOption(
        "login_throttle_user_ip_minutes", .integer(1...10_080), default: "15", "Minutes over which failed logins of one name from one network are counted."
    )
    public static let loginThrottleUserFailures = ConfigOption(
        "login_throttle_user_failures", .integer(1...1_000_000), default: "50", "Failed logins of one name, from anywhere, after which the name must wait."
    )
    public static let loginThrottleUserMinutes = ConfigOption(
        "login_throttle_user_minutes", .integer(1...10_080), default: "60", "Minutes over which failed logins of one name are counted."
    )
    public static let loginThrottleIPFailures = ConfigOption(
        "login_throttle_ip_failures", .integer(1...1_000_000), default: "500",
        "Failed logins from one client network, any names, after which the network must wait."
    )
    public static let loginThrottleIPMinutes = ConfigOption(
        "login_throttle_ip_minutes", .integer(1...10_080), default: "15", "Minutes over which failed logins from one network are counted."
    )

    public static let composrAppSessionsDays = ConfigOption(
        "composr_app_sessions_days", .integer(1...365), default: "30",
        "Days after an import with --keep-app-sessions that apps signed in to the Composr site stay signed in (until their member logs in here, changes the password or logs out everywhere)."
    )

    /// Every option the Auth module declares.
    public static let consoleIdleMinutes = ConfigOption(
        "console_idle_minutes", .integer(5...1440), default: "30", "Minutes a console session may go unused before it ends."
    )
    public static let consoleSessionHours = ConfigOption(
        "console_session_hours", .integer(1...168), default: "12", "Hours after which a console session ends however much it is used."
    )

    public static let consoleRequireSecondFactor = ConfigOption(
        "console_require_second_factor", .flag, default: "0",
        "Whether administrators must set up two-factor sign-in (an authenticator app's codes) before anything else in the console."
    )

    public static let declaredByAuth: [ConfigOption] = [
        .sessionIdleDays, .sessionMaximumDays, .sessionCacheSeconds, .argon2MemoryKiB, .argon2Iterations, .argon2Parallelism,
        .loginThrottleUserIPFailures, .loginThrottleUserIPMinutes, .loginThrottleUserFailures, .loginThrottleUserMinutes,
        .loginThrottleIPFailures, .loginThrottleIPMinutes, .composrAppSessionsDays, .consoleIdleMinutes, .consoleSessionHours,
        .consoleRequireSecondFactor,
    ]
}
