import Auth
import Messages
import Push
import SiteStore

/// `misc/push_send` (administrators only): queues a push notification for one member's devices
/// (`member`), every device (`all_devices=1`) or anonymous devices (`anonymous=1`), with `title`, `body`
/// and an optional `data` object of strings. The same as `endpoint push send`.
public struct MiscPushSendHook: Hook {
    private let services: HookServices

    public init(services: HookServices) {
        self.services = services
    }

    public func run(_ request: HookRequest) async throws -> HookResponse {
        let membership = try await self.services.requireAdministrator(request.caller)
        let parameters = request.parameters
        let member = try parameters.optionalInteger("member")
        let everyone = parameters.optionalEither("all_devices") == "1"
        let anonymous = parameters.optionalEither("anonymous") == "1"
        guard [member != nil, everyone, anonymous].filter({ $0 }).count == 1 else { throw EndpointError.refused(.pushTargetRequired) }
        let target: PushTarget = member.map(PushTarget.member) ?? (everyone ? .allDevices : .anonymous)
        if let member, try await self.services.members.find(id: member) == nil { throw EndpointError.refused(.memberNoExist) }

        var data = try Self.data(parameters.optionalEither("data"))
        data["notification_code"] = data["notification_code"] ?? "push_send"
        data["from_id"] = String(request.caller.memberID)
        data["from_username"] = membership.username
        if let member { data["to_id"] = String(member) }
        let notification = PushNotification(
            title: try parameters.requiredEither("title").trimmingWhitespace,
            body: try parameters.requiredEither("body").trimmingWhitespace,
            data: data
        )
        let count = try await Self.queue(notification, to: target, services: self.services)
        return HookResponse(data: ["message": .string(request.messages.text(.pushQueued, String(count))), "devices": .int(count)])
    }

    /// Queues `notification`; a notification too big for the services is refused with a message.
    static func queue(_ notification: PushNotification, to target: PushTarget, services: HookServices) async throws -> Int {
        do {
            return try await services.database.transaction { try await PushOutbox.enqueue(notification, to: target, on: $0) }
        } catch is PushOutbox.TooLarge {
            throw EndpointError.refused(.pushTooLarge, String(PushNotification.maximumPayloadBytes))
        }
    }

    /// The `data` parameter: a JSON object whose values are strings (or numbers, kept as text).
    private static func data(_ text: String?) throws(EndpointError) -> [String: String] {
        guard let text, !text.trimmingWhitespace.isEmpty else { return [:] }
        guard case .object(let pairs)? = JSONValue(parsing: text) else { throw .refused(.invalidPropertyData) }
        var data: [String: String] = [:]
        for (key, value) in pairs {
            switch value {
            case .string(let string): data[key] = string
            case .int(let number): data[key] = String(number)
            case .bool(let flag): data[key] = flag ? "1" : "0"
            default: throw .refused(.invalidProperty, key)
            }
        }
        return data
    }
}
