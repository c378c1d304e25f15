public import EndpointCore
import Foundation
public import Messages
public import Storage

/// Signing up through `account/join` (reference §4.2): Composr's checks in Composr's order, then a
/// member created by ``MemberRegistration`` and, as the site's options say, a confirmation mail, staff
/// validation, or a session straight away.
///
/// Unlike Composr: joins are limited per IP; the configured e-mail domains are enforced; timezones must
/// be real; joining again with the username, address and password of an unconfirmed account re-sends a
/// fresh code instead of creating anything.
public struct Joining: Sendable {
    /// What the sign-up form said, already read from the request.
    public struct Application: Sendable {
        public var username: String
        public var password: String
        public var passwordConfirm: String
        public var email: String
        /// The repeated address, when the form has one.
        public var emailConfirm: String?
        /// Year, month and day as given (not yet checked to be a date), or nil when not given.
        public var dateOfBirth: (year: Int, month: Int, day: Int)?
        /// A timezone name; unknown names fall back to the site's default.
        public var timezone: String?
        /// A language code or tag; one this server does not speak falls back to the site's default.
        public var language: String?

        public init(username: String, password: String, passwordConfirm: String, email: String) {
            self.username = username
            self.password = password
            self.passwordConfirm = passwordConfirm
            self.email = email
        }
    }

    /// How a successful join ended.
    public enum Outcome: Sendable {
        /// The member must confirm the address and/or wait for the staff; `messages` say which.
        case waiting(memberID: Int, messages: [MessageID])
        /// Nothing to wait for: the member is logged in on this device.
        case loggedIn(memberID: Int, session: DeviceSession, token: SessionToken)
    }

    private let rateLimit: RateLimit
    private let registration: MemberRegistration
    private let confirmation: EmailConfirmation
    private let login: Login
    private let policies: AccountPolicySource
    private let database: Database
    private let hasher: PasswordHasher
    private let clock: SiteClock

    public init(
        database: Database, hasher: PasswordHasher, registration: MemberRegistration, confirmation: EmailConfirmation, login: Login,
        policies: AccountPolicySource, rateLimit: RateLimit, clock: SiteClock
    ) {
        self.database = database
        self.clock = clock
        self.hasher = hasher
        self.rateLimit = rateLimit
        self.registration = registration
        self.confirmation = confirmation
        self.login = login
        self.policies = policies
    }

    /// Joins with `application`; the confirmation mail is in the language the member joined with.
    /// Every refusal is an ``AccountFailure``, except a username or address taken at the last moment
    /// (``MemberRegistration/Conflict``).
    ///
    /// Everything the form says is checked before anything about other accounts is looked up, and every
    /// join that gets that far counts against the network's limit, so taken addresses cannot be probed
    /// without end. Joining again with the username, address and password of an account still waiting
    /// for its confirmation sends a fresh link (voiding the older ones; at most
    /// ``AccountPolicy/confirmationMailsPerAccount`` an hour); with another password it is refused like
    /// any taken username, so nobody can join as someone first and have them activate that password.
    public func join(_ application: Application, from client: Login.Client) async throws -> Outcome {
        let policy = try await self.policies.current()
        let dateOfBirth = try Self.checkForm(application, policy: policy, now: self.clock.now)
        let username = application.username
        do {
            try policy.rules.check(username: username, password: application.password)
        } catch {
            throw AccountFailure(error)
        }
        if let wait = try await self.rateLimit.admit("join", subject: .address(client.ip), rule: policy.joinsPerNetwork) {
            throw AccountFailure.limited(.joinThrottled, seconds: wait)
        }

        let (owner, named, membersGroup) = try await self.database.withConnection { connection in
            (
                try await MemberStore.find(email: application.email, on: connection), try await MemberStore.find(login: username, on: connection),
                try await GroupStore.groupID(for: .members, on: connection)
            )
        }
        if let owner, owner.username.lowercased() != username.lowercased() {
            throw AccountFailure(.emailAddressInUseOnSite, [policy.siteName])
        }
        if let existing = named, existing.username.lowercased() == username.lowercased() {
            guard owner?.id == existing.id, !existing.emailConfirmed, policy.emailConfirmation,
                try await self.isPassword(application.password, of: existing)
            else { throw AccountFailure(.usernameAlreadyExists) }
            if try await self.rateLimit.admit("confirmation_mail", subject: .member(existing.id), rule: policy.confirmationMailsPerAccount) == nil {
                try await self.database.transaction { connection in
                    try await self.confirmation.send(to: AccountMails.Recipient(existing), policy: policy, on: connection)
                }
            }
            return .waiting(memberID: existing.id, messages: Self.waitingMessages(policy))
        }

        var member = MemberRegistration.Application(
            username: username, password: application.password, email: application.email,
            primaryGroupID: membersGroup
        )
        member.validated = !policy.staffValidation
        member.emailConfirmed = !policy.emailConfirmation
        member.timezone = application.timezone.flatMap { TimezoneName.isKnown($0) ? $0 : nil } ?? policy.defaultTimezone
        member.dateOfBirth = dateOfBirth
        let language = application.language.flatMap { Languages.bundled.catalog(named: $0)?.languageCode } ?? policy.defaultLanguage
        member.language = language
        let checked = try await self.registration.check(member, policy: policy)
        // The member, its confirmation mail or its session: stored together or not at all.
        return try await self.database.transaction { connection in
            let memberID = try await self.registration.register(checked, on: connection)
            if policy.emailConfirmation {
                let recipient = AccountMails.Recipient(memberID: memberID, username: username, email: application.email, language: language)
                try await self.confirmation.send(to: recipient, policy: policy, on: connection)
            } else if !policy.staffValidation {
                let (session, token) = try await self.login.startSession(memberID: memberID, from: client, on: connection)
                return .loggedIn(memberID: memberID, session: session, token: token)
            }
            return .waiting(memberID: memberID, messages: Self.waitingMessages(policy))
        }
    }

    /// Whether `password` is the one `member` joined with (hashed like a login's check, on the hashing
    /// pool).
    private func isPassword(_ password: String, of member: MemberRecord) async throws -> Bool {
        let check = try await PasswordHasher.admitting {
            try await self.hasher.verify(password, against: member.passwordHash, legacySalt: member.legacySalt)
        }
        if case .match = check { return true }
        return false
    }

    /// The form's own checks, in Composr's order; returns the date of birth.
    private static func checkForm(_ application: Application, policy: AccountPolicy, now: Int) throws -> DateOfBirth? {
        guard application.password == application.passwordConfirm else { throw AccountFailure(.passwordMismatch) }
        if let confirm = application.emailConfirm, confirm != application.email { throw AccountFailure(.emailAddressMismatch) }
        do {
            try policy.rules.check(email: application.email)
            try policy.rules.checkDomain(email: application.email)
        } catch {
            throw AccountFailure(error)
        }
        guard let parts = application.dateOfBirth else {
            if policy.dateOfBirthRequired { throw AccountFailure(.noParameterSent, ["dob"]) }
            return nil
        }
        guard let date = DateOfBirth(year: parts.year, month: parts.month, day: parts.day, now: now) else { throw AccountFailure(.invalidDateGiven) }
        return date
    }

    private static func waitingMessages(_ policy: AccountPolicy) -> [MessageID] {
        (policy.emailConfirmation ? [.waitingConfirmMail] : []) + [policy.staffValidation ? .waitingConfirmMailValidated : .waitingConfirmMailInstant]
    }
}
