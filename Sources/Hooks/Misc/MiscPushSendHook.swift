public import Auth
public import EndpointCore
public import Messages
public import Push
public import Text

/// `misc/push_send` (administrators only): queues a push notification for one member's devices
/// (`member`), every device (`all_devices=1`) or anonymous devices (`anonymous=1`), with `title`, `body`
/// and an optional `data` object of strings. The rules are ``PushBroadcast``'s, shared with
/// `endpoint push send`.
public struct MiscPushSendHook: Hook {
    /// Queues a notification on behalf of a sender; returns how many devices it was queued for.
    public typealias Send = @Sendable (PushBroadcast.Request, PushBroadcast.Sender) async throws -> Int

    private let administrators: AdministratorCheck
    private let send: Send

    public init(administrators: AdministratorCheck, send: @escaping Send) {
        self.administrators = administrators
        self.send = send
    }

    public var parameterNames: Set<String> { ["title", "body", "data", "member", "anonymous", "all_devices"] }

    public func run(_ request: HookRequest) async throws -> HookResponse {
        let membership = try await self.administrators.require(request.caller)
        let parameters = request.parameters
        let member = try parameters.optionalInteger("member")
        let everyone = parameters.optionalEither("all_devices") == "1"
        let anonymous = parameters.optionalEither("anonymous") == "1"
        guard [member != nil, everyone, anonymous].filter({ $0 }).count == 1 else { throw EndpointError.refused(.pushTargetRequired) }
        let target: PushTarget = member.map(PushTarget.member) ?? (everyone ? .allDevices : .anonymous)
        let broadcast = PushBroadcast.Request(
            title: try parameters.requiredEither("title").trimmingWhitespace,
            body: try parameters.requiredEither("body").trimmingWhitespace,
            data: try Self.data(parameters.optionalEither("data")),
            target: target
        )
        let count = try await self.send(broadcast, .member(id: request.caller.memberID, username: membership.username))
        return HookResponse(data: ["message": .string(request.language.text(.pushQueued, String(count))), "devices": .int(count)])
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
