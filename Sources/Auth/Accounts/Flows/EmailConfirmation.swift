public import Mail
public import Messages
public import Storage

/// Confirming a new member's e-mail address: sending the code (at join) and checking it (from the
/// link's page or `account/join` with `type=confirm`).
public struct EmailConfirmation: Sendable {
    private let database: Database
    private let guesses: CodeGuessGuard
    private let mails: AccountMails
    private let policies: AccountPolicySource
    private let clock: SiteClock

    public init(database: Database, rateLimit: RateLimit, mails: AccountMails, policies: AccountPolicySource, clock: SiteClock) {
        self.database = database
        self.guesses = CodeGuessGuard(rateLimit: rateLimit)
        self.mails = mails
        self.policies = policies
        self.clock = clock
    }

    /// Issues a fresh code for the member and queues the mail with its link, in the member's language,
    /// on `connection` (inside the transaction that creates or finds the member); `policy` is read
    /// before that transaction (reading it may borrow a connection of its own).
    public func send(to member: AccountMails.Recipient, policy: AccountPolicy, on connection: StoreConnection) async throws {
        let now = self.clock.now
        let code = try await AccountCodes.issue(
            memberID: member.memberID, purpose: .confirmEmail, lifetimeSeconds: policy.confirmationSeconds, on: connection, now: now
        )
        try await MailOutbox.enqueue(self.mails.confirmation(to: member, code: code, policy: policy), on: connection, now: now)
    }

    /// Confirms `memberID`'s address with `code`; returns the sentence to show. A valid code always
    /// works; wrong, used and expired codes throw and count toward the network's guess limit.
    public func confirm(memberID: Int, code: String, ip: String) async throws -> MessageID {
        let policy = try await self.policies.current()
        let now = self.clock.now
        let (member, lookup) = try await self.database.withConnection { connection in
            (
                try await MemberStore.find(id: memberID, on: connection),
                try await AccountCodes.lookup(memberID: memberID, purpose: .confirmEmail, code: code, now: now, on: connection)
            )
        }
        switch lookup {
        case .unknown:
            try await self.guesses.reject(ip: ip, policy: policy, AccountFailure(.incorrectConfirmCode))
        case .expired:
            try await self.guesses.reject(ip: ip, policy: policy, AccountFailure(.codeExpired))
        case .used:
            if member?.emailConfirmed == true { return .alreadyConfirmed }
            try await self.guesses.reject(ip: ip, policy: policy, AccountFailure(.codeUsed))
        case .valid(let codeID):
            let consumed = try await self.database.transaction { connection in
                guard try await AccountCodeStore.consume(codeID: codeID, on: connection, now: now) else { return false }
                try await MemberStore.confirmEmail(memberID: memberID, on: connection)
                return true
            }
            guard consumed else { return .alreadyConfirmed }
            return member?.validated == false ? .awaitingMemberValidation : .successfulConfirm
        }
    }
}
