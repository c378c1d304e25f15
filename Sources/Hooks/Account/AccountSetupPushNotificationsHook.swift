public import Auth
public import EndpointCore
public import Messages
public import Push
public import Storage
public import Text

/// `account/setup_push_notifications` (reference §4.4): registers a device's push token.
///
/// Unlike Composr a caller can only register for itself (administrators for anyone); a logged-out app,
/// or the iOS SDK's `member=1`, registers an anonymous device reachable by broadcasts; a member may have
/// many devices; a token belongs to one owner at a time and moves when it is registered again. Tokens
/// must be shaped like their platform's, and new ones are limited per client network and per member
/// (``PushRegistrations``).
public struct AccountSetupPushNotificationsHook: Hook {
    /// What the hook needs to register devices.
    public struct Registry: Sendable {
        /// Registers `token` for `owner` (nil: an anonymous device) from the client network of `ip`,
        /// moving it from any earlier owner.
        public var register: @Sendable (_ token: String, _ platform: PushPlatform, _ owner: Int?, _ ip: String) async throws -> Void
        /// Whether the member is an administrator (who may register devices for others).
        public var isAdministrator: @Sendable (_ memberID: Int) async throws -> Bool
        /// Whether the member exists.
        public var memberExists: @Sendable (_ memberID: Int) async throws -> Bool

        public init(
            register: @escaping @Sendable (String, PushPlatform, Int?, String) async throws -> Void,
            isAdministrator: @escaping @Sendable (Int) async throws -> Bool,
            memberExists: @escaping @Sendable (Int) async throws -> Bool
        ) {
            self.register = register
            self.isAdministrator = isAdministrator
            self.memberExists = memberExists
        }

        /// Registrations through `registrations` (a repeat costs no query, and a write at most once per
        /// `push_token_refresh_seconds`); members and memberships of `database`.
        public static func live(_ registrations: PushRegistrations, _ database: Database, _ memberships: Memberships) -> Self {
            Self(
                register: { token, platform, owner, ip in try await registrations.register(token, platform: platform, owner: owner, from: ip) },
                isAdministrator: { try await memberships.membership(of: $0)?.isAdmin == true },
                memberExists: { id in try await database.withConnection { try await MemberStore.find(id: id, on: $0) } != nil }
            )
        }
    }

    private let registry: Registry

    public init(registry: Registry) {
        self.registry = registry
    }

    public var parameterNames: Set<String> { ["device", "token", "member"] }

    public func run(_ request: HookRequest) async throws -> HookResponse {
        let device = try request.parameters.requiredEither("device").trimmingWhitespace
        guard let platform = PushPlatform(name: device) else { throw EndpointError.refused(.unknownDevice, device) }
        let token = try request.parameters.requiredEither("token").trimmingWhitespace
        let owner = try await self.owner(requested: try request.parameters.optionalInteger("member"), caller: request.caller)
        try await self.registry.register(token, platform, owner, request.clientAddress)
        return HookResponse(data: [
            "message": .string(request.language.text(.success)),
            "member_id": owner.map(JSONValue.int) ?? .null,
            "device": .string(platform.rawValue),
        ])
    }

    /// Who the device is registered to: nil for an anonymous device.
    private func owner(requested: Int?, caller: Caller) async throws -> Int? {
        let callerID = caller.memberID == MemberRecord.guestID ? nil : caller.memberID
        guard let requested, requested != callerID else { return requested == MemberRecord.guestID ? nil : callerID }
        if requested == MemberRecord.guestID { return nil }
        guard let callerID, try await self.registry.isAdministrator(callerID) else {
            throw EndpointError.refused(.pushForOtherMember)
        }
        guard try await self.registry.memberExists(requested) else { throw EndpointError.refused(.memberNoExist) }
        return requested
    }
}
