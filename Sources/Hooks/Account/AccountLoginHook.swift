public import Auth
public import EndpointCore
public import Messages
public import Text

/// `account/login`: checks a username (or e-mail address) and password and starts a device session
/// (reference §4.1); the rules are ``Login``'s. The password is never echoed.
public struct AccountLoginHook: Hook {
    /// Logs a member in: username, password (both trimmed), where the request comes from.
    public typealias LogIn = @Sendable (_ username: String, _ password: String, _ client: Login.Client) async throws -> Login.Success

    private let logIn: LogIn
    private let profile: MemberProfile
    private let cookies: SessionCookies

    public init(logIn: @escaping LogIn, profile: MemberProfile, cookies: SessionCookies) {
        self.logIn = logIn
        self.profile = profile
        self.cookies = cookies
    }

    public func effect(of type: String?) -> OperationEffect { .startsSession }

    public var parameterNames: Set<String> { ["username", "password"] }

    public func run(_ request: HookRequest) async throws -> HookResponse {
        let username = try request.parameters.requiredPost("username").trimmingWhitespace
        let password = try request.parameters.requiredPost("password").trimmingWhitespace
        let success = try await self.logIn(username, password, request.client)
        return HookResponse(
            data: try await self.responseData(success, messages: request.language),
            headers: self.cookies.issue(memberID: success.member.id, token: success.token, session: success.session),
            caching: .secret
        )
    }

    /// Everything both SDKs read (reference §4.1, §7.2): the profile and permission fields, the
    /// `device_auth_*` pairs, an empty `password` (Android requires the key), and `user_data` repeating
    /// the permission fields with no null anywhere.
    private func responseData(_ success: Login.Success, messages: MessageCatalog) async throws -> JSONValue {
        let member = success.member
        let permissions = success.permissions
        let primaryGroupName = permissions.membership.groups.first { $0.id == member.primaryGroupID }?.name ?? ""
        let shared: [(key: String, value: JSONValue)] = [
            ("memberID", .int(member.id)),
            ("privileges", .array(permissions.privileges.map(JSONValue.string))),
            ("pages_blacklist", .array(permissions.pagesBlacklist.map(JSONValue.string))),
            ("zone_access", .array(permissions.zoneAccess.map(JSONValue.string))),
            ("staff_status", .bool(permissions.membership.isStaff)),
            ("admin_status", .bool(permissions.membership.isAdmin)),
            ("sessionID", .string(success.session.id)),
            ("groups", MembershipJSON.groups(permissions.membership)),
        ]
        let profile = try await self.profile.fields(member, primaryGroupName: primaryGroupName, messages: messages)
        let deviceAuth = DeviceAuthFields.fields(memberID: member.id, token: success.token)
        return .object(profile + shared + deviceAuth + [("user_data", .object(shared))])
    }
}

extension HookRequest {
    /// Where the request comes from, as sessions record it.
    var client: Login.Client {
        Login.Client(ip: self.clientAddress, userAgent: self.userAgent)
    }
}
