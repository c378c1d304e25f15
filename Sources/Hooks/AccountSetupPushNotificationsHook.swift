import Auth
import Messages
import Push
import SiteStore

/// `account/setup_push_notifications` (reference §4.4): registers a device's push token.
///
/// Unlike Composr a caller can only register for itself (administrators for anyone); a logged-out app,
/// or the iOS SDK's `member=1`, registers an anonymous device reachable by broadcasts; a member may have
/// many devices; a token belongs to one owner at a time and moves when it is registered again.
public struct AccountSetupPushNotificationsHook: Hook {
    private let services: HookServices

    public init(services: HookServices) {
        self.services = services
    }

    public func run(_ request: HookRequest) async throws -> HookResponse {
        let device = try request.parameters.requiredEither("device").trimmingWhitespace
        guard let platform = PushPlatform(name: device) else { throw EndpointError.refused(.unknownDevice, device) }
        let token = try request.parameters.requiredEither("token").trimmingWhitespace
        guard !token.isEmpty, token.utf8.count <= 4096, token.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F }) else {
            throw EndpointError.refused(.invalidPushToken)
        }
        let owner = try await self.owner(requested: try request.parameters.optionalInteger("member"), caller: request.caller)
        try await self.services.database.withConnection { connection in
            try await DeviceTokenStore.register(token: token, platform: platform, memberID: owner, on: connection)
        }
        return HookResponse(data: [
            "message": .string(request.messages.text(.success)),
            "member_id": owner.map(JSONValue.int) ?? .null,
            "device": .string(platform.rawValue),
        ])
    }

    /// Who the device is registered to: nil for an anonymous device.
    private func owner(requested: Int?, caller: Caller) async throws -> Int? {
        let callerID = caller.memberID == MemberRecord.guestID ? nil : caller.memberID
        guard let requested, requested != callerID else { return requested == MemberRecord.guestID ? nil : callerID }
        if requested == MemberRecord.guestID { return nil }
        guard let callerID, try await self.services.permissions.membership(of: callerID)?.isAdmin == true else {
            throw EndpointError.refused(.pushForOtherMember)
        }
        guard try await self.services.members.find(id: requested) != nil else { throw EndpointError.refused(.memberNoExist) }
        return requested
    }
}
