public import Auth
public import EndpointCore
public import Messages
public import Text

/// `account/lost_password` (reference §4.3): e-mails a reset link; with `type=edit` sets the new
/// password chosen with that link's code (what Composr only offers on its website). The rules are
/// ``PasswordReset``'s: step one answers the same whether or not the account exists.
public struct AccountLostPasswordHook: Hook {
    /// What the hook needs of the reset flow.
    public struct Recovery: Sendable {
        /// Mails a link (in the member's language) to the account named by a username or address, if it
        /// can have one.
        public var request: @Sendable (_ login: String, _ ip: String) async throws -> Void
        /// Sets the password chosen with a link's code; returns the sentence to show.
        public var complete:
            @Sendable (
                _ memberID: Int, _ code: String, _ password: String, _ confirm: String, _ ip: String
            ) async throws -> MessageID

        public init(
            request: @escaping @Sendable (String, String) async throws -> Void,
            complete: @escaping @Sendable (Int, String, String, String, String) async throws -> MessageID
        ) {
            self.request = request
            self.complete = complete
        }

        /// The live reset flow.
        public static func live(_ reset: PasswordReset) -> Self {
            Self(
                request: { try await reset.request(login: $0, ip: $1) },
                complete: { try await reset.complete(memberID: $0, code: $1, password: $2, passwordConfirm: $3, ip: $4) }
            )
        }
    }

    private let recovery: Recovery

    public init(recovery: Recovery) {
        self.recovery = recovery
    }

    public var parameterNames: Set<String> { ["username", "email_address", "member", "code", "password", "password_confirm"] }

    public func run(_ request: HookRequest) async throws -> HookResponse {
        if request.type == "edit" {
            return try await self.reset(request)
        }
        return try await self.sendLink(request)
    }

    private func sendLink(_ request: HookRequest) async throws -> HookResponse {
        let username = request.parameters.optionalEither("username")?.trimmingWhitespace ?? ""
        let email = request.parameters.optionalEither("email_address")?.trimmingWhitespace ?? ""
        guard !username.isEmpty || !email.isEmpty else { throw EndpointError.refused(.passwordResetError) }
        try await self.recovery.request(username.isEmpty ? email : username, request.clientAddress)
        return HookResponse(data: ["message": .string(request.language.text(.resetCodeMailed))])
    }

    private func reset(_ request: HookRequest) async throws -> HookResponse {
        let code = try request.parameters.requiredEither("code").trimmingWhitespace
        let member = try request.parameters.requiredInteger("member")
        let password = try request.parameters.requiredPost("password").trimmingWhitespace
        let passwordConfirm = try request.parameters.requiredPost("password_confirm").trimmingWhitespace
        let message = try await self.recovery.complete(member, code, password, passwordConfirm, request.clientAddress)
        return HookResponse(data: ["message": .string(request.language.text(message))])
    }
}
