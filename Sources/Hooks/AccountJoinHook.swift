import Accounts
import Auth
import Foundation
import Logging
import Messages
import SiteStore

/// `account/join`: creates an account (reference §4.2), and with `type=confirm` confirms its e-mail
/// address.
///
/// Validation order and messages are Composr's. Unlike Composr: an empty password is refused and so are
/// the most common ones; the configured e-mail domains are enforced; timezones must be real; joins are
/// limited per IP; uniqueness is the database's (two simultaneous joins make one member); confirmation
/// codes are random, hashed, expiring and single use; joining again with the same username and address
/// of an unconfirmed account re-sends a fresh code instead of creating anything.
public struct AccountJoinHook: Hook {
    private let services: HookServices

    public init(services: HookServices) {
        self.services = services
    }

    public func run(_ request: HookRequest) async throws -> HookResponse {
        do {
            switch request.type {
            case nil, "add":
                return try await self.join(request)
            case "confirm":
                let code = try request.parameters.requiredEither("code").trimmingWhitespace
                let member = try request.parameters.requiredInteger("member")
                let message = try await self.services.confirmation.confirm(memberID: member, code: code, ip: request.clientAddress)
                return HookResponse(data: ["message": .string(request.messages.text(message))])
            case let other?:
                throw EndpointError.refused(.unsupportedType, other)
            }
        } catch let failure as AccountFailure {
            throw EndpointError(failure)
        }
    }

    private func join(_ request: HookRequest) async throws -> HookResponse {
        let policy = try await self.services.accountPolicies.current()
        if let wait = try await self.services.rateLimit.wait("join", subject: request.clientAddress, rule: policy.joinsPerIP) {
            throw EndpointError(AccountFailure.limited(.joinThrottled, seconds: wait))
        }
        let parameters = request.parameters
        let username = try parameters.requiredPost("username").trimmingWhitespace
        let password = try parameters.requiredPost("password").trimmingWhitespace
        let passwordConfirm = try parameters.requiredPost("password_confirm").trimmingWhitespace
        let email = try parameters.requiredPost("email_address").trimmingWhitespace

        guard password == passwordConfirm else { throw EndpointError.refused(.passwordMismatch) }
        if let emailConfirm = parameters.optionalPost("email_address_confirm")?.trimmingWhitespace, emailConfirm != email {
            throw EndpointError.refused(.emailAddressMismatch)
        }
        try Self.refusing { () throws(AccountRules.Violation) in try policy.rules.check(email: email) }
        try Self.refusing { () throws(AccountRules.Violation) in try policy.rules.checkDomain(email: email) }
        let dateOfBirth = try Self.dateOfBirth(parameters, required: policy.dateOfBirthRequired)

        let owner = try await self.services.members.find(email: email)
        if let owner, owner.username.lowercased() != username.lowercased() {
            throw EndpointError.refused(.emailAddressInUseOnSite, policy.siteName)
        }
        if let existing = try await self.services.members.find(login: username), existing.username.lowercased() == username.lowercased() {
            guard owner?.id == existing.id, !existing.emailConfirmed, policy.emailConfirmation else {
                throw EndpointError.refused(.usernameAlreadyExists)
            }
            return try await self.resendConfirmation(to: existing, policy: policy, request)
        }
        try Self.refusing { () throws(AccountRules.Violation) in try policy.rules.check(username: username, password: password) }

        let timezone = parameters.optionalPost("timezone").flatMap { TimeZone(identifier: $0) != nil ? $0 : nil } ?? policy.defaultTimezone
        try await self.services.rateLimit.record("join", subject: request.clientAddress)
        let hash: String
        do {
            hash = try await self.services.hasher.hash(password)
        } catch is PasswordHasher.Busy {
            throw EndpointError.serverBusy
        }
        let confirming = policy.emailConfirmation
        let memberID: Int
        do {
            memberID = try await self.services.members.create(NewMember(
                username: username,
                email: email,
                passwordHash: hash,
                primaryGroupID: try await self.services.members.groupID(for: .members),
                validated: !policy.staffValidation,
                emailConfirmed: !confirming,
                timezone: timezone,
                dateOfBirth: dateOfBirth?.description
            )) { connection, id in
                if confirming {
                    try await self.services.confirmation.send(memberID: id, username: username, email: email, on: connection, messages: request.messages)
                }
            }
        } catch MemberStore.CreateError.usernameTaken {
            throw EndpointError.refused(.usernameAlreadyExists)
        } catch MemberStore.CreateError.emailTaken {
            throw EndpointError.refused(.emailAddressInUseOnSite, policy.siteName)
        }
        request.logger.info("member joined", metadata: ["member_id": "\(memberID)"])

        if !confirming && !policy.staffValidation {
            return try await self.logIn(memberID: memberID, request)
        }
        return HookResponse(data: ["message": .string(Self.waitingMessage(policy, request.messages)), "member_id": .int(memberID)])
    }

    /// The same join request for an account that has not confirmed its address yet: a fresh code.
    private func resendConfirmation(to member: MemberRecord, policy: AccountPolicy, _ request: HookRequest) async throws -> HookResponse {
        try await self.services.rateLimit.record("join", subject: request.clientAddress)
        try await self.services.database.transaction { connection in
            try await self.services.confirmation.send(
                memberID: member.id, username: member.username, email: member.email, on: connection, messages: request.messages
            )
        }
        return HookResponse(data: ["message": .string(Self.waitingMessage(policy, request.messages)), "member_id": .int(member.id)])
    }

    /// Joined with nothing left to confirm: log the new member in on this device.
    private func logIn(memberID: Int, _ request: HookRequest) async throws -> HookResponse {
        let (session, token) = try await self.services.sessions.create(memberID: memberID, userAgent: request.userAgent, ip: request.clientAddress)
        let fields: [(key: String, value: JSONValue)] = [
            ("message", .string(request.messages.text(.loginAuto))),
            ("member_id", .int(memberID)),
            ("sessionID", .string(session.id)),
        ]
        return HookResponse(
            data: .object(fields + DeviceAuthFields.fields(memberID: memberID, token: token)),
            headers: self.services.cookies.issue(memberID: memberID, token: token, maxAge: session.expiresAt - session.createdAt)
        )
    }

    private static func waitingMessage(_ policy: AccountPolicy, _ messages: any MessageCatalog) -> String {
        var text = policy.emailConfirmation ? messages.text(.waitingConfirmMail) : ""
        text += messages.text(policy.staffValidation ? .waitingConfirmMailValidated : .waitingConfirmMailInstant)
        return text
    }

    /// `dob` (`YYYY-MM-DD`) wins when well-formed; otherwise `dob_year`, `dob_month`, `dob_day`.
    private static func dateOfBirth(_ parameters: RequestParameters, required: Bool) throws(EndpointError) -> DateOfBirth? {
        let parts: (year: Int, month: Int, day: Int)?
        if let iso = parameters.optionalPost("dob").flatMap({ DateOfBirth.components(ofISO: $0.trimmingWhitespace) }) {
            parts = iso
        } else if let year = try parameters.optionalInteger("dob_year"),
                  let month = try parameters.optionalInteger("dob_month"),
                  let day = try parameters.optionalInteger("dob_day") {
            parts = (year, month, day)
        } else {
            parts = nil
        }
        guard let parts else {
            if required { throw .refused(.noParameterSent, "dob") }
            return nil
        }
        guard let date = DateOfBirth(year: parts.year, month: parts.month, day: parts.day) else { throw .refused(.invalidDateGiven) }
        return date
    }

    private static func refusing(_ check: () throws(AccountRules.Violation) -> Void) throws(EndpointError) {
        do {
            try check()
        } catch {
            throw EndpointError.refused(error)
        }
    }
}
