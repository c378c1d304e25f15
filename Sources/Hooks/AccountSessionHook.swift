import Auth
import Messages
import SiteStore

/// `account/session` (Composr has no such hook): lets an app check stored credentials at start-up
/// (`view`) and log out this device or every device (`delete`, with `id=all` for every device).
public struct AccountSessionHook: Hook {
    private let services: HookServices

    public init(services: HookServices) {
        self.services = services
    }

    public func run(_ request: HookRequest) async throws -> HookResponse {
        guard let session = request.caller.session else { throw EndpointError.refused(.notLoggedIn) }
        switch request.type ?? "view" {
        case "view":
            return try await self.view(session)
        case "delete":
            return try await self.logOut(session, everywhere: request.id == "all", messages: request.messages)
        case let other:
            throw EndpointError.refused(.unsupportedType, other)
        }
    }

    private func view(_ session: DeviceSession) async throws -> HookResponse {
        guard let membership = try await self.services.permissions.membership(of: session.memberID) else {
            throw EndpointError.refused(.notLoggedIn)
        }
        return HookResponse(data: [
            "memberID": .int(session.memberID),
            "username": .string(membership.username),
            "sessionID": .string(session.id),
            "groups": .array(membership.groups.map { ["id": .int($0.id), "name": .string($0.name)] }),
            "staff_status": .bool(membership.isStaff),
            "admin_status": .bool(membership.isAdmin),
            "session_expires": .int(session.endsAt(policy: self.services.sessions.policy)),
        ])
    }

    private func logOut(_ session: DeviceSession, everywhere: Bool, messages: any MessageCatalog) async throws -> HookResponse {
        if everywhere {
            try await self.services.sessions.revokeAll(memberID: session.memberID)
        } else {
            try await self.services.sessions.revoke(sessionID: session.id, memberID: session.memberID)
        }
        return HookResponse(
            data: ["message": .string(messages.text(everywhere ? .loggedOutEverywhere : .loggedOut))],
            headers: self.services.cookies.expire()
        )
    }
}
