import Auth
public import Messages
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
    /// The site's language code (option `default_language`).
    public var defaultLanguage = "EN"
    /// Per network (IPv4 address, IPv6 /64). The per-network defaults let a launch-day crowd behind
    /// one carrier-grade NAT address through (README, "Limits per network").
    public var joinsPerNetwork = RateLimit.Rule.perHour(200)
    public var resetSeconds = 30 * 60
    public var resetsPerAccount = RateLimit.Rule.perHour(3)
    public var resetsPerNetwork = RateLimit.Rule.perHour(100)
    /// Wrong confirmation or reset codes tolerated per network.
    public var codeFailuresPerNetwork = RateLimit.Rule.perHour(100)
    /// Fresh confirmation mails a repeated join may send to one pending account (option
    /// `confirmation_mails_per_account_per_hour`); further ones are silently not sent.
    public var confirmationMailsPerAccount = RateLimit.Rule.perHour(3)
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
        self.defaultLanguage = options.defaultLanguage
        self.joinsPerNetwork = Self.hourly(options, "join_limit_per_ip_per_hour", defaults.joinsPerNetwork)
        self.resetSeconds = max(1, options.integer("password_reset_minutes", default: 30)) * 60
        self.resetsPerAccount = Self.hourly(options, "password_reset_limit_per_account_per_hour", defaults.resetsPerAccount)
        self.resetsPerNetwork = Self.hourly(options, "password_reset_limit_per_ip_per_hour", defaults.resetsPerNetwork)
        self.codeFailuresPerNetwork = Self.hourly(options, "code_failures_per_ip_per_hour", defaults.codeFailuresPerNetwork)
        self.confirmationMailsPerAccount = Self.hourly(options, "confirmation_mails_per_account_per_hour", defaults.confirmationMailsPerAccount)
    }

    private static func hourly(_ options: ConfigOptions, _ name: String, _ fallback: RateLimit.Rule) -> RateLimit.Rule {
        .perHour(options.integer(name, default: fallback.count))
    }

    /// The language a member is written to in: their stored one when this server speaks it, else the
    /// site's (whatever language the request that caused the mail was in).
    public func catalog(forMemberLanguage language: String) -> MessageCatalog {
        Languages.bundled.choose(parameter: nil, memberLanguage: language, acceptLanguage: nil, siteDefault: self.defaultLanguage)
    }

    /// The page that confirms an address, in `language` (Composr's `keep_lang`).
    public func confirmationLink(memberID: Int, code: String, language: MessageCatalog) -> String {
        "\(self.publicURL)\(Self.confirmationPath)?keep_lang=\(language.languageCode)&member=\(memberID)&code=\(code)"
    }

    /// The page where a new password is chosen, in `language`.
    public func resetLink(memberID: Int, code: String, language: MessageCatalog) -> String {
        "\(self.publicURL)\(Self.resetPath)?keep_lang=\(language.languageCode)&member=\(memberID)&code=\(code)"
    }

    public static let confirmationPath = "/account/confirm-email"
    public static let resetPath = "/account/reset-password"
}
