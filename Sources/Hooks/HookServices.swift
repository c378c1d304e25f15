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

    /// Live services on `database`, configured from its config `options`.
    public static func live(database: Database, options: ConfigOptions, hasher: PasswordHasher, secureCookies: Bool) -> HookServices {
        let sessionPolicy = SessionPolicy(options: options)
        return HookServices(
            database: database,
            members: MemberStore(database: database),
            hasher: hasher,
            sessions: SessionStore(database: database, policy: sessionPolicy),
            throttle: LoginThrottle(database: database, limits: LoginThrottle.Limits(options: options)),
            permissions: PermissionStore(database: database, cacheSeconds: sessionPolicy.cacheSeconds),
            cookies: SessionCookies(secure: secureCookies)
        )
    }
}
