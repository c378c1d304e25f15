public import Auth
public import Contact
public import EndpointCore
import Logging
import Messages
public import Storage
import Text

/// `misc/contact_us` (iOS SDK) and `account/contact_us` (Android SDK): a message to the staff
/// (reference §4.5; the original is broken under both names). The request is translated into a
/// ``StaffMessage`` for contact's door, ``StaffInbox``, whose rules it follows.
///
/// Unlike Composr it is not an open mail relay: an address a guest types is only shown to the staff as
/// a reply address, never mailed; the "your message was sent" copy goes only to a logged-in member's
/// own address. Messages are limited per IP and per member.
public struct ContactUsHook: Hook {
    private let inbox: StaffInbox
    private let database: Database

    public init(inbox: StaffInbox, database: Database) {
        self.inbox = inbox
        self.database = database
    }

    public var parameterNames: Set<String> { ["post", "title", "category", "email", "name", "poster_name_if_guest"] }

    public func run(_ request: HookRequest) async throws -> HookResponse {
        let parameters = request.parameters
        let post = try StaffInbox.post(try parameters.requiredPost("post"))
        let title = try Self.line(parameters, "title") ?? ""
        let category = try Self.line(parameters, "category").flatMap { $0.isEmpty ? nil : $0 } ?? request.language.text(.general)
        let givenEmail = try Self.line(parameters, "email") ?? ""
        if !givenEmail.isEmpty { try AccountRules().check(email: givenEmail) }
        let givenName =
            try Self.line(parameters, "poster_name_if_guest").flatMap { $0.isEmpty ? nil : $0 }
            ?? Self.line(parameters, "name").flatMap { $0.isEmpty ? nil : $0 }

        let memberID = request.caller.memberID
        let sender = memberID == MemberRecord.guestID ? nil : try await self.database.withConnection { try await MemberStore.find(id: memberID, on: $0) }
        try await self.inbox.admit(ip: request.clientAddress, memberID: sender?.id)
        let message = StaffMessage(
            memberID: sender?.id,
            name: givenName ?? sender?.username ?? "",
            email: sender.map { $0.email.isEmpty ? givenEmail : $0.email } ?? givenEmail,
            title: title, category: category, post: post, ip: request.clientAddress, createdAt: self.inbox.now
        )
        let id = try await self.inbox.deliver(message, sender: sender.map { StaffInbox.Sender(email: $0.email, language: $0.language) })
        request.logger.info("contact message stored", metadata: ["staff_message_id": "\(id)"])
        return HookResponse(data: ["message": .string(request.language.text(.yourMessageWasSentSubject, title))])
    }

    /// An optional single-line field, trimmed, refused when longer than a line may be.
    private static func line(_ parameters: RequestParameters, _ name: String) throws(Refusal) -> String? {
        try parameters.optionalPost(name).map { value throws(Refusal) in try StaffInbox.line(value, name) }
    }
}
