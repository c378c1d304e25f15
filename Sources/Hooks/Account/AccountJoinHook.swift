public import Auth
public import EndpointCore
import Logging
public import Messages
public import Text

/// `account/join`: creates an account (reference §4.2), and with `type=confirm` confirms its e-mail
/// address. The rules, their order and their messages are ``Joining``'s; this reads both SDKs' forms
/// and words the outcome.
public struct AccountJoinHook: Hook {
    /// Signs up with a form read from the request.
    public typealias Join = @Sendable (Joining.Application, Login.Client) async throws -> Joining.Outcome
    /// Confirms a member's address with the code of their link, counting wrong guesses against the IP.
    public typealias Confirm = @Sendable (_ memberID: Int, _ code: String, _ ip: String) async throws -> MessageID

    private let join: Join
    private let confirm: Confirm
    private let cookies: SessionCookies

    public init(join: @escaping Join, confirm: @escaping Confirm, cookies: SessionCookies) {
        self.join = join
        self.confirm = confirm
        self.cookies = cookies
    }

    /// Joining may log the new member in at once; confirming an address is a write.
    public func effect(of type: String?) -> OperationEffect {
        type == "confirm" ? .changesState : .startsSession
    }

    public var parameterNames: Set<String> {
        [
            "username", "password", "password_confirm", "email_address", "email_address_confirm", "dob", "dob_day", "dob_month", "dob_year", "timezone",
            "language", "member", "code",
        ]
    }

    public func run(_ request: HookRequest) async throws -> HookResponse {
        switch request.type {
        case nil, "add":
            return try await self.joinFromForm(request)
        case "confirm":
            let code = try request.parameters.requiredEither("code").trimmingWhitespace
            let member = try request.parameters.requiredInteger("member")
            let message = try await self.confirm(member, code, request.clientAddress)
            return HookResponse(data: ["message": .string(request.language.text(message))])
        case let other?:
            throw EndpointError.refused(.unsupportedType, other)
        }
    }

    private func joinFromForm(_ request: HookRequest) async throws -> HookResponse {
        let parameters = request.parameters
        var application = Joining.Application(
            username: try parameters.requiredPost("username").trimmingWhitespace,
            password: try parameters.requiredPost("password").trimmingWhitespace,
            passwordConfirm: try parameters.requiredPost("password_confirm").trimmingWhitespace,
            email: try parameters.requiredPost("email_address").trimmingWhitespace
        )
        application.emailConfirm = parameters.optionalPost("email_address_confirm")?.trimmingWhitespace
        application.dateOfBirth = try Self.dateOfBirth(parameters)
        application.timezone = parameters.optionalPost("timezone")
        application.language = parameters.optionalPost("language")

        switch try await self.join(application, request.client) {
        case .waiting(let memberID, let messages):
            request.logger.info("member joined", metadata: ["member_id": "\(memberID)"])
            let text = messages.map { request.language.text($0) }.joined()
            return HookResponse(data: ["message": .string(text), "member_id": .int(memberID)])
        case .loggedIn(let memberID, let session, let token):
            request.logger.info("member joined", metadata: ["member_id": "\(memberID)"])
            let fields: [(key: String, value: JSONValue)] = [
                ("message", .string(request.language.text(.loginAuto))),
                ("member_id", .int(memberID)),
                ("sessionID", .string(session.id)),
            ]
            return HookResponse(
                data: .object(fields + DeviceAuthFields.fields(memberID: memberID, token: token)),
                headers: self.cookies.issue(memberID: memberID, token: token, session: session),
                caching: .secret
            )
        }
    }

    /// `dob` (`YYYY-MM-DD`) wins when well-formed; otherwise `dob_year`, `dob_month`, `dob_day`; nil
    /// when neither is given.
    private static func dateOfBirth(_ parameters: RequestParameters) throws(EndpointError) -> (year: Int, month: Int, day: Int)? {
        if let iso = parameters.optionalPost("dob").flatMap({ DateOfBirth.components(ofISO: $0.trimmingWhitespace) }) {
            return iso
        }
        guard let year = try parameters.optionalInteger("dob_year"),
            let month = try parameters.optionalInteger("dob_month"),
            let day = try parameters.optionalInteger("dob_day")
        else { return nil }
        return (year, month, day)
    }
}
