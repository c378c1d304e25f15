public import EndpointCore
public import Messages
public import Storage

/// Logging a member in on a device: the rule behind `account/login` (reference §4.1), and the session a
/// member gets when joining needs no confirmation.
///
/// Safer than Composr on every point the reference lists: the password is checked before anything
/// about the account is revealed and every failure reads the same; unknown accounts cost the same time
/// as wrong passwords; failures are throttled per account, per IP and per both; the device gets a
/// random token (the database keeps only its hash) instead of the password hash.
public struct Login: Sendable {
    /// Where a request comes from, as sessions record it.
    public struct Client: Sendable, Equatable {
        public let ip: String
        public let userAgent: String

        public init(ip: String, userAgent: String) {
            self.ip = ip
            self.userAgent = userAgent
        }
    }

    /// A member logged in on a new device session.
    public struct Success: Sendable {
        public let member: MemberRecord
        public let permissions: MemberPermissions
        public let session: DeviceSession
        /// The device's secret, handed over once.
        public let token: SessionToken
    }

    private let members: MemberStore
    private let throttle: LoginThrottle
    private let hasher: PasswordHasher
    private let sessions: SessionStore
    private let memberships: Memberships

    public init(database: Database, config: ConfigStore, hasher: PasswordHasher, sessions: SessionStore, memberships: Memberships, rateLimit: RateLimit) {
        self.members = MemberStore(database: database)
        self.throttle = LoginThrottle(rateLimit: rateLimit, config: config)
        self.hasher = hasher
        self.sessions = sessions
        self.memberships = memberships
    }

    /// Checks `username` (or e-mail address) and `password`, both already trimmed, and starts a
    /// session. Every refusal is an ``AccountFailure``. Each outcome is counted in
    /// `endpoint_logins_total{outcome}`.
    public func logIn(username: String, password: String, from client: Client, origin: String = "") async throws -> Success {
        do {
            let success = try await self.attempt(username: username, password: password, from: client, origin: origin)
            LoginOutcome.success.count()
            return success
        } catch {
            LoginOutcome(error).count()
            throw error
        }
    }

    private func attempt(username: String, password: String, from client: Client, origin: String) async throws -> Success {
        let (member, needsRehash, throttleKey) = try await self.checkPassword(username: username, password: password, from: client)
        if !member.validated { throw AccountFailure(.memberNotValidatedStaff) }
        if !member.emailConfirmed { throw AccountFailure(.memberNotValidatedEmail) }
        if member.banned { throw AccountFailure(.youAreBanned) }

        if needsRehash, let upgraded = try? await self.hasher.hash(password) {
            try await self.members.setPasswordHash(upgraded, memberID: member.id)
        }
        try await self.throttle.clear(username: throttleKey, ip: client.ip)
        let (session, token) = try await self.startSession(memberID: member.id, from: client, origin: origin)
        try await self.sessions.endComposrAppSession(memberID: member.id, now: session.createdAt)
        try await self.members.setLastVisit(session.createdAt, memberID: member.id)
        guard let permissions = try await self.memberships.permissions(of: member.id) else { throw AccountFailure(.memberInvalidLogin) }
        return Success(member: member, permissions: permissions, session: session, token: token)
    }

    /// Asks a signed-in member for their password again before a change that needs it (the console's
    /// pushes to everyone): the same check and throttles as logging in, no session. Throws
    /// ``AccountFailure`` when it is not their password.
    public func confirmPassword(memberID: Int, password: String, from client: Client) async throws {
        guard let member = try await self.members.find(id: memberID) else { throw AccountFailure(.memberInvalidLogin) }
        let (checked, _, _) = try await self.checkPassword(username: member.username, password: password, from: client)
        guard checked.id == memberID else { throw AccountFailure(.memberInvalidLogin) }
    }

    /// The member `username` names when `password` is theirs, whether their hash wants redoing, and
    /// the name the throttle counts them by; every failure reads the same, unknown names cost what
    /// wrong passwords cost, and failures are throttled.
    private func checkPassword(username: String, password: String, from client: Client) async throws -> (MemberRecord, Bool, String) {
        guard !username.isEmpty, !password.isEmpty else { throw AccountFailure(.memberInvalidLogin) }
        let member = try await self.members.find(login: username)
        // Count failures against the account itself, so typing its e-mail address instead of its
        // username (or changing letter case) does not buy an attacker a second allowance.
        let throttleKey = member?.username ?? username
        // Counted as a failure before the password is checked, so concurrent guesses cannot all slip
        // under the limit; given back when it was none.
        let reservation: RateLimit.Reservation
        switch try await self.throttle.reserve(username: throttleKey, ip: client.ip) {
        case .admitted(let admitted): reservation = admitted
        case .limited(let seconds): throw AccountFailure.limited(.loginThrottled, seconds: seconds)
        }
        let check: PasswordCheck
        do {
            check = try await PasswordHasher.admitting { () async throws -> PasswordCheck in
                guard let member, member.id != MemberRecord.guestID else {
                    try await self.hasher.verifyNothing(password)
                    return .mismatch
                }
                return try await self.hasher.verify(password, against: member.passwordHash, legacySalt: member.legacySalt)
            }
        } catch {
            try? await self.throttle.release(reservation)
            throw error
        }
        guard case .match(let needsRehash) = check, let member else { throw AccountFailure(.memberInvalidLogin) }
        try await self.throttle.release(reservation)
        return (member, needsRehash, throttleKey)
    }

    /// Starts a session for a member who proved who they are some other way (joining).
    public func startSession(memberID: Int, from client: Client, origin: String = "") async throws -> (DeviceSession, SessionToken) {
        try await self.sessions.create(memberID: memberID, userAgent: client.userAgent, ip: client.ip, origin: origin)
    }
}
