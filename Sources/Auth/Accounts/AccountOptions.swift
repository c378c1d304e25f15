public import Storage

/// The options joining, confirming and resetting read (``AccountRules``, ``AccountPolicy``).
extension ConfigOption {
    public static let minimumUsernameLength = ConfigOption(
        "minimum_username_length", .integer(1...80), default: "3", "The shortest username a member may choose."
    )
    public static let maximumUsernameLength = ConfigOption(
        "maximum_username_length", .integer(1...80), default: "20", "The longest username a member may choose."
    )
    public static let minimumPasswordLength = ConfigOption(
        "minimum_password_length", .integer(1...255), default: "8", "The shortest password a member may choose."
    )
    public static let maximumPasswordLength = ConfigOption(
        "maximum_password_length", .integer(1...255), default: "255", "The longest password a member may choose."
    )
    public static let prohibitUsernameWhitespace = ConfigOption(
        "prohibit_username_whitespace", .flag, default: "0", "Whether usernames may not contain spaces."
    )
    public static let prohibitPasswordWhitespace = ConfigOption(
        "prohibit_password_whitespace", .flag, default: "0", "Whether passwords may not contain spaces."
    )
    public static let restrictedUsernames = ConfigOption(
        "restricted_usernames", .list(maximumLength: 4000), default: "Guest, System, unknown, Staff, Administrator, Moderator, googlebot",
        "Phrases no username may contain, comma-separated (Guest, unknown and System always count)."
    )
    public static let validEmailDomains = ConfigOption(
        "valid_email_domains", .list(maximumLength: 4000), default: "",
        "Domains members' addresses must be on, comma-separated; empty for any."
    )
    public static let defaultTimezone = ConfigOption(
        "default_timezone", .timezone, default: "UTC", "The timezone of members who joined without naming one, and of the site's dates."
    )
    public static let emailConfirmJoin = ConfigOption(
        "email_confirm_join", .flag, default: "1", "Whether new members confirm their address by e-mail before they can log in."
    )
    public static let emailConfirmHours = ConfigOption(
        "email_confirm_hours", .integer(1...720), default: "24", "Hours a confirmation link works."
    )
    public static let requireNewMemberValidation = ConfigOption(
        "require_new_member_validation", .flag, default: "0", "Whether new members wait for staff to validate them."
    )
    public static let datesOfBirth = ConfigOption(
        "dobs", .flag, default: "1", "Whether joining asks for a date of birth."
    )
    public static let passwordResetMinutes = ConfigOption(
        "password_reset_minutes", .integer(5...1440), default: "30", "Minutes a lost-password link works."
    )
    public static let joinLimitPerIPPerHour = ConfigOption(
        "join_limit_per_ip_per_hour", .integer(1...100_000), default: "200", "Joins a client network may attempt an hour."
    )
    public static let passwordResetLimitPerAccountPerHour = ConfigOption(
        "password_reset_limit_per_account_per_hour", .integer(1...1000), default: "3", "Lost-password mails one account may get an hour."
    )
    public static let passwordResetLimitPerIPPerHour = ConfigOption(
        "password_reset_limit_per_ip_per_hour", .integer(1...100_000), default: "100", "Lost-password requests a client network may make an hour."
    )
    public static let codeFailuresPerIPPerHour = ConfigOption(
        "code_failures_per_ip_per_hour", .integer(1...100_000), default: "100",
        "Wrong confirmation or reset codes a client network may send an hour (a right code always works)."
    )
    public static let confirmationMailsPerAccountPerHour = ConfigOption(
        "confirmation_mails_per_account_per_hour", .integer(1...1000), default: "3",
        "Confirmation mails repeated joins may send one pending account an hour; more are silently not sent."
    )

    /// Every option the Accounts module declares.
    public static let declaredByAccounts: [ConfigOption] = [
        .minimumUsernameLength, .maximumUsernameLength, .minimumPasswordLength, .maximumPasswordLength, .prohibitUsernameWhitespace,
        .prohibitPasswordWhitespace, .restrictedUsernames, .validEmailDomains, .defaultTimezone, .emailConfirmJoin,
        .emailConfirmHours, .requireNewMemberValidation, .datesOfBirth, .passwordResetMinutes, .joinLimitPerIPPerHour,
        .passwordResetLimitPerAccountPerHour, .passwordResetLimitPerIPPerHour, .codeFailuresPerIPPerHour, .confirmationMailsPerAccountPerHour,
    ]
}
