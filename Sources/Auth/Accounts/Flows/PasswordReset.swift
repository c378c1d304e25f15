import Foundation
public import Mail
public import Messages
public import Outbox
public import Storage

/// The lost-password flow: e-mailing a reset link (`account/lost_password`) and setting the new
/// password chosen on the link's page or through `account/lost_password` with `type=edit`.
///
/// Unlike Composr it never says whether an account exists (not even by how long it takes to answer),
/// never e-mails a password, and its links are single use, stored hashed and expire (30 minutes by
/// default); a completed reset also lifts the login throttle others put on the member's name.
public struct PasswordReset: Sendable {
    private let database: Database
    private let rateLimit: RateLimit
    private let guesses: CodeGuessGuard
    private let passwordChange: PasswordChange
    private let mails: AccountMails
    private let policies: AccountPolicySource
    private let clock: SiteClock
    /// Rung when a request is stored, for the worker that mails the links.
    public let requested = Doorbell()

    public init(
        database: Database, rateLimit: RateLimit, passwordChange: PasswordChange, mails: AccountMails, policies: AccountPolicySource, clock: SiteClock
    ) {
        self.database = database
        self.clock = clock
        self.rateLimit = rateLimit
        self.guesses = CodeGuessGuard(rateLimit: rateLimit)
        self.passwordChange = passwordChange
        self.mails = mails
        self.policies = policies
    }

    /// Records a request for a reset link for the account named by `login` (username or e-mail address);
    /// the reset worker mails the link (``mailRequested()``). Returns normally whether or not the account
    /// exists, may log in, has an address or asked too often, after the same work in every case, so
    /// neither the answer nor its timing can reveal which applied; throws only when `ip`'s network asked
    /// too often.
    public func request(login: String, ip: String) async throws {
        let policy = try await self.policies.current()
        if let wait = try await self.rateLimit.admit("reset_request", subject: .address(ip), rule: policy.resetsPerNetwork) {
            throw AccountFailure.limited(.resetThrottled, seconds: wait)
        }
        let now = self.clock.now
        try await self.database.withConnection { try await PasswordResetRequests.add(login: login, now: now, on: $0) }
        self.requested.ring()
    }

    /// Mails a link for every waiting request whose account exists, may log in, has an address and has
    /// not asked for more than `password_reset_limit_per_account_per_hour` links (further requests are
    /// silently not mailed), in the member's language; returns how many requests were looked at. Each
    /// request is taken in the transaction that queues its mail, so several workers mail it once.
    @discardableResult
    public func mailRequested() async throws -> Int {
        var handled = 0
        while let request = try await self.database.withConnection({ try await PasswordResetRequests.oldest(on: $0) }) {
            try await RequestOrigin.$requestID.withValue(request.requestID) { try await self.mailLink(for: request) }
            handled += 1
        }
        return handled
    }

    private func mailLink(for request: PasswordResetRequests.Request) async throws {
        let policy = try await self.policies.current()
        var recipient: MemberRecord?
        if let member = try await self.database.withConnection({ try await MemberStore.find(login: request.login, on: $0) }),
            member.id != MemberRecord.guestID, !member.banned, !member.email.isEmpty,
            try await self.rateLimit.admit("reset_account", subject: .member(member.id), rule: policy.resetsPerAccount) == nil
        {
            recipient = member
        }
        let now = self.clock.now
        try await self.database.transaction { connection in
            guard try await PasswordResetRequests.take(request.id, on: connection), let member = recipient else { return }
            let code = try await AccountCodes.issue(
                memberID: member.id, purpose: .resetPassword, lifetimeSeconds: policy.resetSeconds, on: connection, now: now
            )
            try await MailOutbox.enqueue(self.mails.resetLink(to: AccountMails.Recipient(member), code: code, policy: policy), on: connection, now: now)
        }
    }

    /// Whether `code` would currently reset `memberID`'s password (for showing the form); wrong codes
    /// count toward the guess limit.
    public func check(memberID: Int, code: String, ip: String) async throws {
        _ = try await self.validCode(memberID: memberID, code: code, ip: ip, policy: try await self.policies.current())
    }

    /// Sets `memberID`'s password to `password` when `code` is their current reset code: stores the
    /// Argon2id hash, confirms the e-mail address, consumes the code, ends every device session and
    /// queues a notice (in the member's language). Returns the sentence to show.
    public func complete(memberID: Int, code: String, password: String, passwordConfirm: String, ip: String) async throws -> MessageID {
        let policy = try await self.policies.current()
        let codeID = try await self.validCode(memberID: memberID, code: code, ip: ip, policy: policy)
        guard password == passwordConfirm else { throw AccountFailure(.passwordMismatch) }
        let hash = try await self.passwordChange.hash(password, rules: policy.rules)
        let now = self.clock.now
        let changed = try await self.database.transaction { connection in
            guard let member = try await MemberStore.find(id: memberID, on: connection) else { throw AccountFailure(.incorrectPasswordResetCode) }
            guard try await AccountCodeStore.consume(codeID: codeID, on: connection, now: now) else { return nil as MemberRecord? }
            try await PasswordChange.apply(hash: hash, memberID: memberID, confirmingEmail: true, on: connection, now: now)
            if !member.email.isEmpty {
                try await MailOutbox.enqueue(
                    self.mails.passwordChanged(to: AccountMails.Recipient(member), at: now, policy: policy), on: connection, now: now)
            }
            return member
        }
        self.passwordChange.committed(memberID: memberID)
        guard let member = changed else { throw AccountFailure(.codeUsed) }
        // The member proved the account is theirs: failures others piled on its name lock them out no more.
        try await LoginThrottle.forgive(member.username, in: self.rateLimit)
        return .passwordChanged
    }

    private func validCode(memberID: Int, code: String, ip: String, policy: AccountPolicy) async throws -> String {
        let now = self.clock.now
        switch try await self.database.withConnection({
            try await AccountCodes.lookup(memberID: memberID, purpose: .resetPassword, code: code, now: now, on: $0)
        }) {
        case .unknown:
            try await self.guesses.reject(ip: ip, policy: policy, AccountFailure(.incorrectPasswordResetCode))
        case .expired:
            try await self.guesses.reject(ip: ip, policy: policy, AccountFailure(.codeExpired))
        case .used:
            try await self.guesses.reject(ip: ip, policy: policy, AccountFailure(.codeUsed))
        case .valid(let codeID):
            return codeID
        }
    }
}
