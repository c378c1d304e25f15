import Accounts
import Auth
import Messages
import SiteStore

/// `account/login`: checks a username (or e-mail address) and password and starts a device session
/// (reference §4.1).
///
/// Safer than Composr on every point the reference lists: the password is checked before anything
/// about the account is revealed and every failure reads the same; unknown accounts cost the same
/// time as wrong passwords; failures are throttled per account, per IP and per both; the device gets a
/// random token (the database keeps only its hash) instead of the password hash; the plaintext
/// password is never echoed.
public struct AccountLoginHook: Hook {
    private let services: HookServices

    public init(services: HookServices) {
        self.services = services
    }

    public func run(_ request: HookRequest) async throws -> HookResponse {
        let username = try request.parameters.requiredPost("username").trimmingWhitespace
        let password = try request.parameters.requiredPost("password").trimmingWhitespace
        guard !username.isEmpty, !password.isEmpty else { throw EndpointError.refused(.memberInvalidLogin) }

        let member = try await self.services.members.find(login: username)
        // Count failures against the account itself, so typing its e-mail address instead of its
        // username (or changing letter case) does not buy an attacker a second allowance.
        let throttleKey = member?.username ?? username
        if case .blocked(let seconds) = try await self.services.throttle.check(username: throttleKey, ip: request.clientAddress) {
            throw EndpointError(AccountFailure.limited(.loginThrottled, seconds: seconds))
        }

        let check: PasswordCheck
        do {
            if let member, member.id != MemberRecord.guestID {
                check = try await self.services.hasher.verify(password, against: member.passwordHash, legacySalt: member.legacySalt)
            } else {
                try await self.services.hasher.verifyNothing(password)
                check = .mismatch
            }
        } catch is PasswordHasher.Busy {
            throw EndpointError.serverBusy
        }
        guard case .match(let needsRehash) = check, let member else {
            try await self.services.throttle.recordFailure(username: throttleKey, ip: request.clientAddress)
            throw EndpointError.refused(.memberInvalidLogin)
        }

        if !member.validated { throw EndpointError.refused(.memberNotValidatedStaff) }
        if !member.emailConfirmed { throw EndpointError.refused(.memberNotValidatedEmail) }
        if member.banned { throw EndpointError.refused(.youAreBanned) }

        if needsRehash, let upgraded = try? await self.services.hasher.hash(password) {
            try await self.services.members.setPasswordHash(upgraded, memberID: member.id)
        }
        try await self.services.throttle.clear(username: throttleKey, ip: request.clientAddress)
        let (session, token) = try await self.services.sessions.create(
            memberID: member.id, userAgent: request.userAgent, ip: request.clientAddress
        )
        try await self.services.members.setLastVisit(session.createdAt, memberID: member.id)
        guard let permissions = try await self.services.permissions.permissions(of: member.id) else {
            throw EndpointError.refused(.memberInvalidLogin)
        }

        return HookResponse(
            data: Self.responseData(member: member, permissions: permissions, session: session, token: token),
            headers: self.services.cookies.issue(
                memberID: member.id, token: token, maxAge: session.expiresAt - session.createdAt
            )
        )
    }

    /// Everything both SDKs read (reference §4.1, §7.2): the profile and permission fields, the
    /// `device_auth_*` pairs, an empty `password` (Android requires the key), and `user_data` repeating
    /// the permission fields with no null anywhere.
    private static func responseData(
        member: MemberRecord, permissions: MemberPermissions, session: DeviceSession, token: DeviceToken
    ) -> JSONValue {
        let groups = JSONValue.array(permissions.membership.groups.map { ["id": .int($0.id), "name": .string($0.name)] })
        let primaryGroupName = permissions.membership.groups.first { $0.id == member.primaryGroupID }?.name ?? ""
        let shared: [(key: String, value: JSONValue)] = [
            ("memberID", .int(member.id)),
            ("privileges", .array(permissions.privileges.map(JSONValue.string))),
            ("pages_blacklist", .array(permissions.pagesBlacklist.map(JSONValue.string))),
            ("zone_access", .array(permissions.zoneAccess.map(JSONValue.string))),
            ("staff_status", .bool(permissions.membership.isStaff)),
            ("admin_status", .bool(permissions.membership.isAdmin)),
            ("sessionID", .string(session.id)),
            ("groups", groups),
        ]
        let profile: [(key: String, value: JSONValue)] = [
            ("username", .string(member.username)),
            ("join_time", .int(member.joinTime)),
            ("last_visit_time", .int(member.lastVisitTime)),
            ("primary_group", .int(member.primaryGroupID)),
            ("primary_group_name", .string(primaryGroupName)),
            ("custom_fields", .emptyObject),
        ]
        let deviceAuth = DeviceAuthFields.fields(memberID: member.id, token: token)
        return .object(profile + shared + deviceAuth + [("user_data", .object(shared))])
    }
}
