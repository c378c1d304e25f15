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

    private let database: Database
    private let throttle: LoginThrottle
    private let hasher: PasswordHasher
    private let sessions: SessionStore
    private let memberships: Memberships

    public init(database: Database, config: ConfigStore, hasher: PasswordHasher, sessions: SessionStore, memberships: Memberships, rateLimit: RateLimit) {
        self.database = database
        self.throttle = LoginThrottle(rateLimit: rateLimit, config: config)
        self.hasher = hasher
        self.sessions = sessions
        self.memberships = memberships
    }

    /// Checks `username` (or e-mail address) and `password`, both already trimmed, and starts a
    /// session. With `secondFactor` (the console's sign-in; nil for the API's, unchanged for the apps)
    /// a member who set one up must also give a code (``SecondFactor``): a wrong one counts as a
    /// failed login. Every refusal is an ``AccountFailure``. Each outcome is counted in
    /// `endpoint_logins_total{outcome}`.
    public func logIn(username: String, password: String, secondFactor: String? = nil, from client: Client, origin: String = "") async throws
        -> Success
    {
        do {
            let success = try await self.attempt(username: username, password: password, secondFactor: secondFactor, from: client, origin: origin)
            LoginOutcome.success.count()
            return success
        } catch {
            LoginOutcome(error).count()
            throw error
        }
    }

    /// Two units of work, each on one pooled connection: the member read and the attempt counted
    /// before the password is hashed, and everything a success writes after (no connection is held
    /// while Argon2 runs).
    private func attempt(username: String, password: String, secondFactor: String?, from client: Client, origin: String) async throws -> Success {
        let (member, needsRehash, checked) = try await self.checkPassword(username: username, password: password, from: client)
        let standing: MessageID? =
            !member.validated ? .memberNotValidatedStaff : !member.emailConfirmed ? .memberNotValidatedEmail : member.banned ? .youAreBanned : nil
        if let standing {
            // The password was right: no failure to count.
            try await self.throttle.release(checked.reservation)
            throw AccountFailure(standing)
        }
        if let secondFactor { try await self.checkSecondFactor(secondFactor, of: member, checked) }

        let upgraded = needsRehash ? try? await self.hasher.hash(password) : nil
        do {
            // The reads first and the writes that other logins of the member wait for (its row, its
            // throttle counts) last, so the locks are held only for the moment before the COMMIT.
            return try await self.database.transaction { connection in
                guard let permissions = try await self.memberships.permissions(of: member.id, on: connection) else {
                    throw AccountFailure(.memberInvalidLogin)
                }
                let (session, token) = try await self.startSession(memberID: member.id, from: client, origin: origin, on: connection)
                try await self.sessions.endComposrAppSession(memberID: member.id, now: session.createdAt, on: connection)
                try await self.throttle.succeeded(checked.reservation, username: checked.throttleKey, ip: client.ip, on: connection)
                if let upgraded { try await MemberStore.setPasswordHash(upgraded, memberID: member.id, on: connection) }
                try await MemberStore.setLastVisit(session.createdAt, memberID: member.id, on: connection)
                return Success(member: member, permissions: permissions, session: session, token: token)
            }
        } catch {
            // Rolled back: the right password is no failure to count.
            try? await self.throttle.release(checked.reservation)
            throw error
        }
    }

    /// Refuses the sign-in of `member`, whose password was right, unless `code` proves the second
    /// factor they set up: an empty code is asked for (no failure counted), a wrong or replayed one is
    /// a failure the throttle counts.
    private func checkSecondFactor(_ code: String, of member: MemberRecord, _ checked: CheckedAttempt) async throws {
        let factor = SecondFactor(database: self.database)
        let (needed, taken) = try await self.database.transaction { connection in
            guard try await factor.isOn(for: member.id, on: connection) else { return (false, true) }
            return (true, code.isEmpty ? false : try await factor.take(code, memberID: member.id, now: UnixTime.now, on: connection))
        }
        guard needed, !taken else { return }
        if code.isEmpty {
            try await self.throttle.release(checked.reservation)
            throw AccountFailure(.secondFactorNeeded)
        }
        throw AccountFailure(.secondFactorWrong)
    }

    /// Asks a signed-in member for their password again before a change that needs it (the console's
    /// pushes to everyone): the same check and throttles as logging in, no session. Throws
    /// ``AccountFailure`` when it is not their password.
    public func confirmPassword(memberID: Int, password: String, from client: Client) async throws {
        guard let member = try await self.database.withConnection({ try await MemberStore.find(id: memberID, on: $0) }) else {
            throw AccountFailure(.memberInvalidLogin)
        }
        let (checked, _, attempt) = try await self.checkPassword(username: member.username, password: password, from: client)
        try await self.throttle.release(attempt.reservation)
        guard checked.id == memberID else { throw AccountFailure(.memberInvalidLogin) }
    }

    /// A password checked and found right: the attempt's reservation, still counted, and the name the
    /// throttle counts the member by.
    private struct CheckedAttempt {
        let reservation: RateLimit.Reservation
        let throttleKey: String
    }

    /// The member `username` names when `password` is theirs, whether their hash wants redoing, and
    /// the attempt (its reservation is still counted: the caller gives it back); every failure reads
    /// the same, unknown names cost what wrong passwords cost, and failures are throttled.
    private func checkPassword(username: String, password: String, from client: Client) async throws -> (MemberRecord, Bool, CheckedAttempt) {
        guard !username.isEmpty, !password.isEmpty else { throw AccountFailure(.memberInvalidLogin) }
        let limits = try await self.throttle.limits()
        let (member, admission) = try await self.database.transaction { connection in
            let member = try await MemberStore.find(login: username, on: connection)
            // Count failures against the account itself, so typing its e-mail address instead of its
            // username (or changing letter case) does not buy an attacker a second allowance. Counted
            // as a failure before the password is checked, so concurrent guesses cannot all slip
            // under the limit; given back when it was none.
            return (member, try await self.throttle.reserve(username: member?.username ?? username, ip: client.ip, limits: limits, on: connection))
        }
        let reservation: RateLimit.Reservation
        switch admission {
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
        return (member, needsRehash, CheckedAttempt(reservation: reservation, throttleKey: member.username))
    }

    /// Starts a session on `connection` for a member who proved who they are (logging in, or joining
    /// with nothing to wait for).
    public func startSession(memberID: Int, from client: Client, origin: String = "", on connection: StoreConnection) async throws
        -> (DeviceSession, SessionToken)
    {
        try await self.sessions.create(memberID: memberID, userAgent: client.userAgent, ip: client.ip, origin: origin, on: connection)
    }
}
