public import Accounts
public import Auth
public import SiteStore

/// The dependencies hooks are built with, as values: one place wires the live stores, tests can wire
/// their own.
public struct HookServices: Sendable {
    public let database: Database
    public let members: MemberStore
    public let hasher: PasswordHasher
    public let sessions: SessionStore
    public let throttle: LoginThrottle
    public let permissions: PermissionStore
    public let cookies: SessionCookies
    public let rateLimit: RateLimit
    public let confirmation: EmailConfirmation
    public let passwordReset: PasswordReset

    /// The joining and resetting rules and links.
    public var accountPolicy: AccountPolicy { self.confirmation.policy }

    /// Live services on `database`, configured from its config `options`; e-mailed links point at
    /// `publicURL`.
    public static func live(
        database: Database, options: ConfigOptions, hasher: PasswordHasher, secureCookies: Bool, publicURL: String
    ) -> HookServices {
        let sessionPolicy = SessionPolicy(options: options)
        let sessions = SessionStore(database: database, policy: sessionPolicy)
        let rateLimit = RateLimit(database: database)
        let accountPolicy = AccountPolicy(options: options, publicURL: publicURL)
        let composer = AccountMailComposer()
        return HookServices(
            database: database,
            members: MemberStore(database: database),
            hasher: hasher,
            sessions: sessions,
            throttle: LoginThrottle(database: database, limits: LoginThrottle.Limits(options: options)),
            permissions: PermissionStore(database: database, cacheSeconds: sessionPolicy.cacheSeconds),
            cookies: SessionCookies(secure: secureCookies),
            rateLimit: rateLimit,
            confirmation: EmailConfirmation(database: database, rateLimit: rateLimit, composer: composer, policy: accountPolicy),
            passwordReset: PasswordReset(
                database: database, rateLimit: rateLimit, hasher: hasher, sessions: sessions, composer: composer, policy: accountPolicy
            )
        )
    }
}
