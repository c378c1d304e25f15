public import Messages
public import Storage

/// Creating a member: the one rule `account/join`, `endpoint member add` and `content/commandr_fs`
/// (`/var/groups`) all follow.
///
/// The username, password and address are checked against the site's rules, the password is hashed
/// with Argon2id, and the account is stored with its memberships and identity; the database's unique
/// indexes decide clashes, reported as a ``Conflict`` that each caller words for its audience.
public struct MemberRegistration: Sendable {
    /// A new account as asked for, before its password is hashed.
    public struct Application: Sendable {
        public var username: String
        public var password: String
        public var email: String
        public var primaryGroupID: Int
        public var validated = true
        public var emailConfirmed = true
        public var timezone = "UTC"
        /// A language code of this server; nil for the site's default language.
        public var language: String?
        public var dateOfBirth: DateOfBirth?

        public init(username: String, password: String, email: String, primaryGroupID: Int) {
            self.username = username
            self.password = password
            self.email = email
            self.primaryGroupID = primaryGroupID
        }
    }

    /// The username or address is already another member's.
    public enum Conflict: Error, Sendable, Equatable {
        case username
        /// The address is taken; the site's name is part of Composr's sentence for it.
        case email(siteName: String)
    }

    private let database: Database
    private let hasher: PasswordHasher
    private let clock: SiteClock

    public init(database: Database, hasher: PasswordHasher, clock: SiteClock) {
        self.database = database
        self.hasher = hasher
        self.clock = clock
    }

    /// Creates the member in a transaction of its own; `andThen` runs inside it with the new ID (say,
    /// to queue a confirmation mail), so either everything is stored or nothing is. Returns the ID.
    public func register(
        _ application: Application, policy: AccountPolicy,
        andThen: (StoreConnection, Int) async throws -> Void = { _, _ in }
    ) async throws -> Int {
        let member = try await self.checked(application, policy: policy)
        return try await self.database.transaction { connection in
            let id = try await Self.store(member, siteName: policy.siteName, on: connection, now: self.clock.now)
            try await andThen(connection, id)
            return id
        }
    }

    /// Creates the member on `connection`, inside the caller's transaction. Returns the ID.
    public func register(_ application: Application, policy: AccountPolicy, on connection: StoreConnection) async throws -> Int {
        try await Self.store(try await self.checked(application, policy: policy), siteName: policy.siteName, on: connection, now: self.clock.now)
    }

    /// The account to store: rules checked, password hashed.
    private func checked(_ application: Application, policy: AccountPolicy) async throws -> NewMember {
        do {
            try policy.rules.check(username: application.username, password: application.password)
            try policy.rules.check(email: application.email)
        } catch {
            throw AccountFailure(error)
        }
        let hash = try await PasswordHasher.admitting { try await self.hasher.hash(application.password) }
        return NewMember(
            username: application.username, email: application.email, passwordHash: hash, primaryGroupID: application.primaryGroupID,
            validated: application.validated, emailConfirmed: application.emailConfirmed, timezone: application.timezone,
            language: application.language ?? policy.defaultLanguage, dateOfBirth: application.dateOfBirth?.description
        )
    }

    private static func store(_ member: NewMember, siteName: String, on connection: StoreConnection, now: Int) async throws -> Int {
        do {
            return try await MemberStore.create(member, on: connection, now: now)
        } catch let duplicate as DuplicateValue {
            throw duplicate.field == .email ? Conflict.email(siteName: siteName) : Conflict.username
        }
    }
}

extension MemberRegistration.Conflict: RefusalConvertible {
    /// Composr's join sentences for a taken username or address.
    public var refusal: Refusal {
        switch self {
        case .username: .invalid(.usernameAlreadyExists)
        case .email(let siteName): .invalid(.emailAddressInUseOnSite, siteName)
        }
    }
}
