public import Messages
public import Routes
public import Storage
import Text

/// How joining, confirming and resetting behave on this site: the config options (read at start) and
/// the public URL that e-mailed links point at.
public struct AccountPolicy: Sendable {
    public var siteName: String
    /// Scheme, host and port that links in e-mails use, without a trailing slash.
    public var publicURL: String
    public var rules: AccountRules
    /// New members must confirm their address by e-mail (option `email_confirm_join`).
    public var emailConfirmation: Bool
    public var confirmationSeconds: Int
    /// New members wait for staff validation (option `require_new_member_validation`).
    public var staffValidation: Bool
    /// A date of birth is required to join (option `dobs`).
    public var dateOfBirthRequired: Bool
    public var defaultTimezone: String
    /// The site's language code (option `default_language`).
    public var defaultLanguage: String
    /// Per network (IPv4 address, IPv6 /64). The per-network defaults let a launch-day crowd behind
    /// one carrier-grade NAT address through (docs/operations.md, "Limits per network").
    public var joinsPerNetwork: RateLimit.Rule
    public var resetSeconds: Int
    public var resetsPerAccount: RateLimit.Rule
    public var resetsPerNetwork: RateLimit.Rule
    /// Wrong confirmation or reset codes tolerated per network.
    public var codeFailuresPerNetwork: RateLimit.Rule
    /// Fresh confirmation mails a repeated join may send to one pending account (option
    /// `confirmation_mails_per_account_per_hour`); further ones are silently not sent.
    public var confirmationMailsPerAccount: RateLimit.Rule

    public init(options: ConfigOptions, publicURL: String) {
        self.siteName = options.siteName
        self.publicURL = PublicURL.normalised(publicURL)
        self.rules = AccountRules(options: options)
        self.emailConfirmation = options.flag(.emailConfirmJoin)
        self.confirmationSeconds = options.integer(.emailConfirmHours) * 3600
        self.staffValidation = options.flag(.requireNewMemberValidation)
        self.dateOfBirthRequired = options.flag(.datesOfBirth)
        self.defaultTimezone = options.text(.defaultTimezone)
        self.defaultLanguage = options.defaultLanguage
        self.joinsPerNetwork = .perHour(options.integer(.joinLimitPerIPPerHour))
        self.resetSeconds = options.integer(.passwordResetMinutes) * 60
        self.resetsPerAccount = .perHour(options.integer(.passwordResetLimitPerAccountPerHour))
        self.resetsPerNetwork = .perHour(options.integer(.passwordResetLimitPerIPPerHour))
        self.codeFailuresPerNetwork = .perHour(options.integer(.codeFailuresPerIPPerHour))
        self.confirmationMailsPerAccount = .perHour(options.integer(.confirmationMailsPerAccountPerHour))
    }

    /// The language a member is written to in: their stored one when this server speaks it, else the
    /// site's (whatever language the request that caused the mail was in).
    public func catalog(forMemberLanguage language: String) -> MessageCatalog {
        Languages.bundled.choose(parameter: nil, memberLanguage: language, acceptLanguage: nil, siteDefault: self.defaultLanguage)
    }

    /// The page that confirms an address, in `language` (Composr's `keep_lang`).
    public func confirmationLink(memberID: Int, code: String, language: MessageCatalog) -> String {
        SiteRoute.confirmEmail(query: Self.linkQuery(memberID: memberID, code: code, language: language)).url(on: self.publicURL)
    }

    /// The page where a new password is chosen, in `language`.
    public func resetLink(memberID: Int, code: String, language: MessageCatalog) -> String {
        SiteRoute.resetPassword(query: Self.linkQuery(memberID: memberID, code: code, language: language)).url(on: self.publicURL)
    }

    private static func linkQuery(memberID: Int, code: String, language: MessageCatalog) -> RouteQuery {
        RouteQuery([("keep_lang", language.languageCode), ("member", String(memberID)), ("code", code)])
    }
}
