public import Auth
public import EndpointCore

/// `misc/echo`: answers with how the server understood the request.
///
/// It has no business purpose; it lets client developers (and our tests) see how dispatch resolved
/// `hook_type`, `hook`, `type` and `id` and which parameters arrived. Values of parameters that may
/// hold secrets are never echoed.
public struct EchoHook: Hook {
    public init() {}

    public func effect(of type: String?) -> OperationEffect { .readsOnly }

    /// Echo shows every field it was sent, reading none by name.
    public var parameterNames: Set<String> { [] }

    public func run(_ request: HookRequest) async throws -> HookResponse {
        HookResponse(data: [
            "hook_type": .string(request.key.hookType),
            "hook": .string(request.key.hook),
            "type": request.type.map(JSONValue.string) ?? .null,
            "id": request.id.map(JSONValue.string) ?? .null,
            "post": Self.describe(request.parameters.post),
            "query": Self.describe(request.parameters.query),
            "member_id": .int(request.caller.memberID),
        ])
    }

    private static func describe(_ fields: [String: String]) -> JSONValue {
        .object(
            fields.keys.sorted().map { name in
                (key: name, value: Self.isSecret(name) ? "(hidden)" : .string(fields[name] ?? ""))
            })
    }

    private static func isSecret(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return ["password", "pass_hashed", "token", "hash", "code"].contains { lowered.contains($0) }
    }
}
