public import Accounts
public import Auth
public import Mail
public import SiteStore

/// The dependencies hooks are built with, as values: one place wires the live stores, tests can wire
/// their own.
public struct HookServices: Sendable {
    public let database: Database
    /// The live config options (changes apply to the next request).
    public let config: ConfigStore
    public let members: MemberStore
    public let hasher: PasswordHasher
    public let sessions: SessionStore
    public let throttle: LoginThrottle
    public let permissions: PermissionStore
    public let cookies: SessionCookies
    public let rateLimit: RateLimit
    /// The joining and resetting rules and links in force.
    public let accountPolicies: AccountPolicySource
    public let confirmation: EmailConfirmation
    public let passwordReset: PasswordReset
    public let mailComposer: MailComposer
    /// Where staff notifications go (`ENDPOINT_STAFF_EMAIL`); nil means every administrator's address.
    public let staffEmail: String?

    /// Live services on `database` and its `config`; e-mailed links point at `publicURL`.
    public static func live(
        database: Database, config: ConfigStore, hasher: PasswordHasher, secureCookies: Bool, publicURL: String, staffEmail: String?
    ) async throws -> HookServices {
        let sessionPolicy = SessionPolicy(options: try await config.options())
        let sessions = SessionStore(database: database, policy: sessionPolicy)
        let rateLimit = RateLimit(database: database)
        let accountPolicies = AccountPolicySource(config: config, publicURL: publicURL)
        let mails = AccountMails()
        return HookServices(
            database: database,
            config: config,
            members: MemberStore(database: database),
            hasher: hasher,
            sessions: sessions,
            throttle: LoginThrottle(rateLimit: rateLimit, config: config),
            permissions: PermissionStore(database: database, cacheSeconds: sessionPolicy.cacheSeconds),
            cookies: SessionCookies(secure: secureCookies),
            rateLimit: rateLimit,
            accountPolicies: accountPolicies,
            confirmation: EmailConfirmation(database: database, rateLimit: rateLimit, mails: mails, policies: accountPolicies),
            passwordReset: PasswordReset(
                database: database, rateLimit: rateLimit, hasher: hasher, sessions: sessions, mails: mails, policies: accountPolicies
            ),
            mailComposer: MailComposer(),
            staffEmail: staffEmail
        )
    }
}
