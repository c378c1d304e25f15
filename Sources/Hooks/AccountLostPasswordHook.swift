import Accounts
import Auth
import Messages

/// `account/lost_password` (reference §4.3): e-mails a reset link; with `type=edit` sets the new
/// password chosen with that link's code (what Composr only offers on its website).
///
/// Step one answers the same whether or not the account exists or has an address, so it cannot be
/// used to find accounts; it is rate limited per IP (with a message) and per account (silently).
public struct AccountLostPasswordHook: Hook {
    private let services: HookServices

    public init(services: HookServices) {
        self.services = services
    }

    public func run(_ request: HookRequest) async throws -> HookResponse {
        do {
            if request.type == "edit" {
                return try await self.reset(request)
            }
            return try await self.sendLink(request)
        } catch let failure as AccountFailure {
            throw EndpointError(failure)
        }
    }

    private func sendLink(_ request: HookRequest) async throws -> HookResponse {
        let username = request.parameters.optionalEither("username")?.trimmingWhitespace ?? ""
        let email = request.parameters.optionalEither("email_address")?.trimmingWhitespace ?? ""
        guard !username.isEmpty || !email.isEmpty else { throw EndpointError.refused(.passwordResetError) }
        try await self.services.passwordReset.request(login: username.isEmpty ? email : username, ip: request.clientAddress, messages: request.messages)
        return HookResponse(data: ["message": .string(request.messages.text(.resetCodeMailed))])
    }

    private func reset(_ request: HookRequest) async throws -> HookResponse {
        let code = try request.parameters.requiredEither("code").trimmingWhitespace
        let member = try request.parameters.requiredInteger("member")
        let password = try request.parameters.requiredPost("password").trimmingWhitespace
        let passwordConfirm = try request.parameters.requiredPost("password_confirm").trimmingWhitespace
        let message = try await self.services.passwordReset.complete(
            memberID: member, code: code, password: password, passwordConfirm: passwordConfirm,
            ip: request.clientAddress, messages: request.messages
        )
        return HookResponse(data: ["message": .string(request.messages.text(message))])
    }
}
