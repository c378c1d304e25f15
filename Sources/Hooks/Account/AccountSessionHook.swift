public import Auth
public import EndpointCore
public import Messages

/// `account/session` (Composr has no such hook): lets an app check stored credentials at start-up
/// (`view`) and log out this device or every device (`delete`, with `id=all` for every device).
public struct AccountSessionHook: Hook {
    /// What the hook does with sessions.
    public struct Sessions: Sendable {
        /// The member's name, groups and standing; nil when the member is gone.
        public var membership: @Sendable (_ memberID: Int) async throws -> Membership?
        /// Ends one session.
        public var end: @Sendable (_ session: DeviceSession) async throws -> Void
        /// Ends every session of a member.
        public var endAll: @Sendable (_ memberID: Int) async throws -> Void
        /// When a session ends if not used again.
        public var endsAt: @Sendable (_ session: DeviceSession) -> Int

        public init(
            membership: @escaping @Sendable (_ memberID: Int) async throws -> Membership?,
            end: @escaping @Sendable (_ session: DeviceSession) async throws -> Void,
            endAll: @escaping @Sendable (_ memberID: Int) async throws -> Void,
            endsAt: @escaping @Sendable (_ session: DeviceSession) -> Int
        ) {
            self.membership = membership
            self.end = end
            self.endAll = endAll
            self.endsAt = endsAt
        }

        /// The live sessions and memberships.
        public static func live(_ sessions: SessionStore, _ memberships: Memberships) -> Self {
            Self(
                membership: { try await memberships.membership(of: $0) },
                end: { try await sessions.revoke(sessionID: $0.id, memberID: $0.memberID) },
                endAll: { try await sessions.revokeAll(memberID: $0) },
                endsAt: { $0.endsAt(policy: sessions.policy) }
            )
        }
    }

    private let sessions: Sessions
    private let cookies: SessionCookies

    public init(sessions: Sessions, cookies: SessionCookies) {
        self.sessions = sessions
        self.cookies = cookies
    }

    /// `view` reads; `delete` logs out.
    public func effect(of type: String?) -> OperationEffect {
        (type ?? "view") == "view" ? .readsOnly : .changesState
    }

    public var parameterNames: Set<String> { [] }

    public func run(_ request: HookRequest) async throws -> HookResponse {
        guard let session = request.caller.session else { throw EndpointError.refused(.notLoggedIn) }
        switch request.type ?? "view" {
        case "view":
            return try await self.view(session)
        case "delete":
            return try await self.logOut(session, everywhere: request.id == "all", messages: request.language)
        case let other:
            throw EndpointError.refused(.unsupportedType, other)
        }
    }

    private func view(_ session: DeviceSession) async throws -> HookResponse {
        guard let membership = try await self.sessions.membership(session.memberID) else {
            throw EndpointError.refused(.notLoggedIn)
        }
        return HookResponse(data: [
            "memberID": .int(session.memberID),
            "username": .string(membership.username),
            "sessionID": .string(session.id),
            "groups": MembershipJSON.groups(membership),
            "staff_status": .bool(membership.isStaff),
            "admin_status": .bool(membership.isAdmin),
            "session_expires": .int(self.sessions.endsAt(session)),
        ])
    }

    private func logOut(_ session: DeviceSession, everywhere: Bool, messages: MessageCatalog) async throws -> HookResponse {
        if everywhere {
            try await self.sessions.endAll(session.memberID)
        } else {
            try await self.sessions.end(session)
        }
        return HookResponse(
            data: ["message": .string(messages.text(everywhere ? .loggedOutEverywhere : .loggedOut))],
            headers: self.cookies.expire()
        )
    }
}
