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

    /// An application checked against the site's rules, its password hashed: ready to store.
    public struct Checked: Sendable {
        let member: NewMember
        let siteName: String
    }

    private let hasher: PasswordHasher
    private let clock: SiteClock

    public init(hasher: PasswordHasher, clock: SiteClock) {
        self.hasher = hasher
        self.clock = clock
    }

    /// Checks `application` and hashes its password, before any connection is borrowed (Argon2 takes
    /// tens of milliseconds).
    public func check(_ application: Application, policy: AccountPolicy) async throws -> Checked {
        do {
            try policy.rules.check(username: application.username, password: application.password)
            try policy.rules.check(email: application.email)
        } catch {
            throw AccountFailure(error)
        }
        let hash = try await PasswordHasher.admitting { try await self.hasher.hash(application.password) }
        let member = NewMember(
            username: application.username, email: application.email, passwordHash: hash, primaryGroupID: application.primaryGroupID,
            validated: application.validated, emailConfirmed: application.emailConfirmed, timezone: application.timezone,
            language: application.language ?? policy.defaultLanguage, dateOfBirth: application.dateOfBirth?.description
        )
        return Checked(member: member, siteName: policy.siteName)
    }

    /// Creates the member on `connection`, inside the caller's transaction (what else the use case
    /// writes — a confirmation mail, a session — commits with it or not at all). Returns the ID.
    public func register(_ checked: Checked, on connection: StoreConnection) async throws -> Int {
        do {
            return try await MemberStore.create(checked.member, on: connection, now: self.clock.now)
        } catch let duplicate as DuplicateValue {
            throw duplicate.field == .email ? Conflict.email(siteName: checked.siteName) : Conflict.username
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
