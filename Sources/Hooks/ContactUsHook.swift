import Accounts
import Auth
import Logging
import Mail
import Push
import Messages
import SiteStore
import SQLKit

/// `misc/contact_us` (iOS SDK) and `account/contact_us` (Android SDK): a message to the staff
/// (reference §4.5; the original is broken under both names).
///
/// The message is stored, and the staff notifications (e-mail, and a push to staff devices) queued, in
/// one transaction. Unlike Composr it is
/// not an open mail relay: an address a guest types is only shown to the staff as a reply address,
/// never mailed; the "your message was sent" copy goes only to a logged-in member's own address.
/// Messages are limited per IP and per member.
public struct ContactUsHook: Hook {
    private let services: HookServices

    /// Longest accepted message, in characters.
    static let maximumPostLength = 20_000
    static let maximumLineLength = 255

    public init(services: HookServices) {
        self.services = services
    }

    public func run(_ request: HookRequest) async throws -> HookResponse {
        let parameters = request.parameters
        let messages = request.messages
        let post = try parameters.requiredPost("post").trimmingWhitespace
        guard !post.isEmpty else { throw EndpointError.refused(.improperlyFilledIn) }
        guard post.count <= Self.maximumPostLength else { throw EndpointError.refused(.fieldTooLong, "post", String(Self.maximumPostLength)) }
        let title = try Self.line(parameters, "title") ?? ""
        let category = try Self.line(parameters, "category").flatMap { $0.isEmpty ? nil : $0 } ?? messages.text(.general)
        let givenEmail = try Self.line(parameters, "email") ?? ""
        if !givenEmail.isEmpty {
            do {
                try AccountRules().check(email: givenEmail)
            } catch {
                throw EndpointError.refused(error)
            }
        }
        let givenName = try Self.line(parameters, "poster_name_if_guest").flatMap { $0.isEmpty ? nil : $0 }
            ?? Self.line(parameters, "name").flatMap { $0.isEmpty ? nil : $0 }

        let options = try await self.services.config.options()
        let rule = RateLimit.Rule.perHour(options.integer("contact_us_limit_per_hour", default: 5))
        let sender = request.caller.memberID == MemberRecord.guestID ? nil : try await self.services.members.find(id: request.caller.memberID)
        let subjects = [request.clientAddress] + (sender.map { ["member:\($0.id)"] } ?? [])
        for subject in subjects {
            if let wait = try await self.services.rateLimit.wait("contact_us", subject: subject, rule: rule) {
                throw EndpointError(AccountFailure.limited(.contactThrottled, seconds: wait))
            }
        }
        for subject in subjects { try await self.services.rateLimit.record("contact_us", subject: subject) }

        let message = StaffMessage(
            memberID: sender?.id,
            name: givenName ?? sender?.username ?? "",
            email: sender.map { $0.email.isEmpty ? givenEmail : $0.email } ?? givenEmail,
            title: title, category: category, post: post, ip: request.clientAddress, createdAt: UnixTime.now
        )
        let siteName = options.string("site_name", default: "Composr site")
        let id = try await self.services.database.transaction { connection in
            let id = try await StaffMessageStore.create(message, on: connection)
            var staff = self.services.staffEmail.map { [$0] } ?? []
            if staff.isEmpty { staff = try await StaffMessageStore.administratorAddresses(on: connection) }
            for address in staff {
                try await MailOutbox.enqueue(self.staffNotification(message, to: address, member: sender, siteName: siteName, messages: messages), on: connection)
            }
            try await PushOutbox.enqueue(PushNotification(
                title: messages.text(.contactUsNotificationSubject, message.title),
                body: String(message.post.prefix(200)),
                data: ["notification_code": "contact_us", "from_id": String(sender?.id ?? MemberRecord.guestID)]
            ), to: .staff, on: connection)
            if let sender, !sender.email.isEmpty {
                try await MailOutbox.enqueue(self.copy(message, to: sender.email, siteName: siteName, messages: messages), on: connection)
            }
            return id
        }
        request.logger.info("contact message stored", metadata: ["staff_message_id": "\(id)"])
        return HookResponse(data: ["message": .string(messages.text(.yourMessageWasSentSubject, title))])
    }

    /// An optional single-line field, trimmed, refused when longer than a line may be.
    private static func line(_ parameters: RequestParameters, _ name: String) throws(EndpointError) -> String? {
        guard let value = parameters.optionalPost(name)?.trimmingWhitespace else { return nil }
        guard value.count <= Self.maximumLineLength else { throw .refused(.fieldTooLong, name, String(Self.maximumLineLength)) }
        return value
    }

    private func staffNotification(_ message: StaffMessage, to address: String, member: MemberRecord?, siteName: String, messages: any MessageCatalog) -> OutgoingMail {
        let senderName = message.name.isEmpty ? messages.text(.anonymousSender) : message.name
        let replyLine = message.email.isEmpty ? nil
            : messages.text(member == nil ? .contactUnverifiedAddress : .contactVerifiedAddress, message.email)
        return self.services.mailComposer.compose(
            to: address,
            replyTo: message.email,
            subject: messages.text(.contactUsNotificationSubject, message.title),
            paragraphs: [messages.text(.contactUsNotificationMessage, siteName, senderName, message.category), message.post],
            footer: replyLine.map { [$0] } ?? []
        )
    }

    private func copy(_ message: StaffMessage, to address: String, siteName: String, messages: any MessageCatalog) -> OutgoingMail {
        self.services.mailComposer.compose(
            to: address,
            subject: messages.text(.yourMessageWasSentSubject, message.title),
            paragraphs: [messages.text(.yourMessageWasSentBody, siteName), message.post]
        )
    }
}
