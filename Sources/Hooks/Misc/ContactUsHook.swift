public import Auth
public import Contact
public import EndpointCore
import Logging
public import Messages
public import Storage
public import Text

/// `misc/contact_us` (iOS SDK) and `account/contact_us` (Android SDK): a message to the staff
/// (reference §4.5; the original is broken under both names).
///
/// Unlike Composr it is not an open mail relay: an address a guest types is only shown to the staff as
/// a reply address, never mailed; the "your message was sent" copy goes only to a logged-in member's
/// own address. Messages are limited per IP and per member.
public struct ContactUsHook: Hook {
    /// Where messages go (see ``StaffInbox``).
    public struct Inbox: Sendable {
        /// The account of a logged-in sender.
        public var member: @Sendable (_ memberID: Int) async throws -> MemberRecord?
        /// Counts one message from the client's address and, when logged in, its member, refusing when
        /// either has used its allowance.
        public var admit: @Sendable (_ ip: String, _ memberID: Int?) async throws -> Void
        /// Stores the message and queues the staff's notifications and the sender's copy, together;
        /// returns the message's ID.
        public var deliver: @Sendable (_ message: StaffMessage, _ sender: MemberRecord?) async throws -> Int
        /// The site's time, stamped on the message.
        public var now: @Sendable () -> Int

        public init(
            member: @escaping @Sendable (Int) async throws -> MemberRecord?,
            admit: @escaping @Sendable (String, Int?) async throws -> Void,
            deliver: @escaping @Sendable (StaffMessage, MemberRecord?) async throws -> Int,
            now: @escaping @Sendable () -> Int
        ) {
            self.member = member
            self.admit = admit
            self.deliver = deliver
            self.now = now
        }
    }

    /// Longest accepted message, in characters.
    static let maximumPostLength = 20_000
    static let maximumLineLength = 255

    private let inbox: Inbox

    public init(inbox: Inbox) {
        self.inbox = inbox
    }

    public var parameterNames: Set<String> { ["post", "title", "category", "email", "name", "poster_name_if_guest"] }

    public func run(_ request: HookRequest) async throws -> HookResponse {
        let parameters = request.parameters
        let post = try parameters.requiredPost("post").trimmingWhitespace
        guard !post.isEmpty else { throw EndpointError.refused(.improperlyFilledIn) }
        guard TextLength.fits(post, atMost: Self.maximumPostLength) else { throw EndpointError.refused(.fieldTooLong, "post", String(Self.maximumPostLength)) }
        let title = try Self.line(parameters, "title") ?? ""
        let category = try Self.line(parameters, "category").flatMap { $0.isEmpty ? nil : $0 } ?? request.language.text(.general)
        let givenEmail = try Self.line(parameters, "email") ?? ""
        if !givenEmail.isEmpty { try AccountRules().check(email: givenEmail) }
        let givenName =
            try Self.line(parameters, "poster_name_if_guest").flatMap { $0.isEmpty ? nil : $0 }
            ?? Self.line(parameters, "name").flatMap { $0.isEmpty ? nil : $0 }

        let sender = request.caller.memberID == MemberRecord.guestID ? nil : try await self.inbox.member(request.caller.memberID)
        try await self.inbox.admit(request.clientAddress, sender?.id)
        let message = StaffMessage(
            memberID: sender?.id,
            name: givenName ?? sender?.username ?? "",
            email: sender.map { $0.email.isEmpty ? givenEmail : $0.email } ?? givenEmail,
            title: title, category: category, post: post, ip: request.clientAddress, createdAt: self.inbox.now()
        )
        let id = try await self.inbox.deliver(message, sender)
        request.logger.info("contact message stored", metadata: ["staff_message_id": "\(id)"])
        return HookResponse(data: ["message": .string(request.language.text(.yourMessageWasSentSubject, title))])
    }

    /// An optional single-line field, trimmed, refused when longer than a line may be.
    private static func line(_ parameters: RequestParameters, _ name: String) throws(EndpointError) -> String? {
        guard let value = parameters.optionalPost(name)?.trimmingWhitespace else { return nil }
        guard TextLength.fits(value, atMost: Self.maximumLineLength) else { throw .refused(.fieldTooLong, name, String(Self.maximumLineLength)) }
        return value
    }
}
