import Auth
public import SiteStore

/// How joining, confirming and resetting behave on this site: the config options (read at start) and
/// the public URL that e-mailed links point at.
public struct AccountPolicy: Sendable {
    public var siteName = ConfigOptions.defaultSiteName
    /// Scheme, host and port that links in e-mails use, without a trailing slash.
    public var publicURL = "http://127.0.0.1:8080"
    public var rules = AccountRules()
    /// New members must confirm their address by e-mail (option `email_confirm_join`).
    public var emailConfirmation = true
    public var confirmationSeconds = 24 * 3600
    /// New members wait for staff validation (option `require_new_member_validation`).
    public var staffValidation = false
    /// A date of birth is required to join (option `dobs`).
    public var dateOfBirthRequired = true
    public var defaultTimezone = "UTC"
    public var joinsPerIP = RateLimit.Rule.perHour(10)
    public var resetSeconds = 30 * 60
    public var resetsPerAccount = RateLimit.Rule.perHour(3)
    public var resetsPerIP = RateLimit.Rule.perHour(20)
    /// Wrong confirmation or reset codes tolerated per IP and per member.
    public var codeFailures = RateLimit.Rule.perHour(10)

    public init() {}

    public init(options: ConfigOptions, publicURL: String) {
        let defaults = AccountPolicy()
        self.siteName = options.siteName
        self.publicURL = publicURL.hasSuffix("/") ? String(publicURL.dropLast()) : publicURL
        self.rules = AccountRules(options: options)
        self.emailConfirmation = options.flag("email_confirm_join", default: defaults.emailConfirmation)
        self.confirmationSeconds = max(1, options.integer("email_confirm_hours", default: 24)) * 3600
        self.staffValidation = options.flag("require_new_member_validation", default: defaults.staffValidation)
        self.dateOfBirthRequired = options.flag("dobs", default: defaults.dateOfBirthRequired)
        self.defaultTimezone = options.string("default_timezone", default: defaults.defaultTimezone)
        self.joinsPerIP = .perHour(options.integer("join_limit_per_ip_per_hour", default: 10))
        self.resetSeconds = max(1, options.integer("password_reset_minutes", default: 30)) * 60
        self.resetsPerAccount = .perHour(options.integer("password_reset_limit_per_account_per_hour", default: 3))
        self.resetsPerIP = .perHour(options.integer("password_reset_limit_per_ip_per_hour", default: 20))
        self.codeFailures = .perHour(options.integer("code_failures_per_hour", default: 10))
    }

    /// The page that confirms an address.
    public func confirmationLink(memberID: Int, code: String) -> String {
        "\(self.publicURL)\(Self.confirmationPath)?member=\(memberID)&code=\(code)"
    }

    /// The page where a new password is chosen.
    public func resetLink(memberID: Int, code: String) -> String {
        "\(self.publicURL)\(Self.resetPath)?member=\(memberID)&code=\(code)"
    }

    public static let confirmationPath = "/account/confirm-email"
    public static let resetPath = "/account/reset-password"
}
