import EndpointCore
import Mail
public import Messages
import Push
public import Storage
public import Text

/// The staff's inbox, the one door of contact: a message from `contact_us` is checked, counted
/// against its sender's limits and delivered; the console's reply goes out through it too.
///
/// A message is stored, and in the same transaction the staff notification mail (to
/// `ENDPOINT_STAFF_EMAIL`, else every administrator), a push to staff devices and the logged-in
/// sender's copy are queued, so nothing is half-sent. The staff are written to in the site's language,
/// the sender in their own.
public struct StaffInbox: Sendable {
    /// A logged-in sender: the copy of their message goes to their own address, in their language.
    public struct Sender: Sendable {
        public let email: String
        /// A language code of this server's, or empty for the site's default.
        public let language: String

        public init(email: String, language: String) {
            self.email = email
            self.language = language
        }
    }

    /// Longest accepted message (and reply), in Unicode scalars.
    public static let maximumPostLength = 20_000
    /// Longest accepted title, category, name or address.
    public static let maximumLineLength = 255

    private let database: Database
    private let config: ConfigStore
    private let staffEmail: String?
    private let clock: SiteClock
    private let rateLimit: RateLimit
    private let composer = MailComposer()

    /// The inbox of `database`; `staffEmail` replaces the administrators' addresses when set.
    public init(database: Database, config: ConfigStore, staffEmail: String?, clock: SiteClock) {
        self.database = database
        self.config = config
        self.staffEmail = staffEmail
        self.clock = clock
        self.rateLimit = RateLimit(database: database, clock: clock)
    }

    /// "Now", for the message's time.
    public var now: Int { self.clock.now }

    /// `post` trimmed, refused when empty or longer than ``maximumPostLength``.
    public static func post(_ post: String) throws(Refusal) -> String {
        let post = post.trimmingWhitespace
        guard !post.isEmpty else { throw .invalid(.improperlyFilledIn) }
        guard TextLength.fits(post, atMost: Self.maximumPostLength) else { throw .invalid(.fieldTooLong, "post", String(Self.maximumPostLength)) }
        return post
    }

    /// A one-line field (`name` says which) trimmed, refused when longer than ``maximumLineLength``.
    public static func line(_ value: String, _ name: String) throws(Refusal) -> String {
        let value = value.trimmingWhitespace
        guard TextLength.fits(value, atMost: Self.maximumLineLength) else { throw .invalid(.fieldTooLong, name, String(Self.maximumLineLength)) }
        return value
    }

    /// Counts one message from `ip` and, when logged in, member `memberID`, refusing when either is at
    /// its hourly limit.
    public func admit(ip: String, memberID: Int?) async throws {
        let options = try await self.config.options()
        var scopes: [(subject: RateLimit.Subject, rule: RateLimit.Rule)] = [(.address(ip), .perHour(options.integer(.contactUsLimitPerIPPerHour)))]
        if let memberID { scopes.append((.member(memberID), .perHour(options.integer(.contactUsLimitPerHour)))) }
        if case .limited(let wait) = try await self.rateLimit.reserve("contact_us", limits: scopes) {
            throw Refusal.limited(.contactThrottled, seconds: wait)
        }
    }

    /// Stores `message` and queues what tells the staff and the sender, in one transaction; returns the
    /// message's ID.
    public func deliver(_ message: StaffMessage, sender: Sender?) async throws -> Int {
        let options = try await self.config.options()
        let siteName = options.siteName
        let messages = Languages.bundled.choose(parameter: nil, memberLanguage: nil, acceptLanguage: nil, siteDefault: options.defaultLanguage)
        let now = self.clock.now
        return try await self.database.transaction { connection in
            let id = try await StaffMessageStore.create(message, on: connection)
            var staff = self.staffEmail.map { [$0] } ?? []
            if staff.isEmpty { staff = try await StaffMessageStore.administratorAddresses(on: connection) }
            for address in staff {
                let mail = self.notification(message, to: address, verified: sender != nil, siteName: siteName, messages: messages)
                try await MailOutbox.enqueue(mail, on: connection, now: now)
            }
            try await PushQueue.enqueue(
                PushNotification(
                    title: messages.text(.contactUsNotificationSubject, message.title),
                    body: TextLength.prefix(message.post, 200),
                    data: ["notification_code": "contact_us", "from_id": String(message.memberID ?? Caller.guestID)]
                ), to: .staff, on: connection, now: now)
            if let sender, !sender.email.isEmpty {
                let senders = Languages.bundled.choose(
                    parameter: nil, memberLanguage: sender.language, acceptLanguage: nil, siteDefault: options.defaultLanguage)
                let copy = self.composer.compose(
                    to: sender.email, subject: senders.text(.yourMessageWasSentSubject, message.title),
                    paragraphs: [senders.text(.yourMessageWasSentBody, siteName), message.post])
                try await MailOutbox.enqueue(copy, on: connection, now: now)
            }
            return id
        }
    }

    /// Mails `reply` to the sender of message `id` and marks it answered, on `connection` (inside the
    /// caller's transaction, which records who replied); the subject is worded in `messages`, the
    /// signature is `siteName` (read before the transaction: the options may borrow a connection of
    /// their own). Returns the message. A message without an address, or a reply longer than a
    /// message may be, is refused.
    public func reply(_ reply: String, to id: Int, messages: MessageCatalog, siteName: String, on connection: StoreConnection) async throws
        -> StaffMessage
    {
        guard TextLength.fits(reply, atMost: Self.maximumPostLength) else { throw Refusal.invalid(.fieldTooLong, "reply", String(Self.maximumPostLength)) }
        guard let message = try await StaffMessageStore.find(id: id, on: connection) else { throw Refusal.notFound(.consoleNoSuchMessage) }
        guard !message.email.isEmpty else { throw Refusal.invalid(.consoleNoAddress) }
        let mail = self.composer.compose(to: message.email, subject: messages.text(.consoleReplySubject, message.title), paragraphs: [reply, siteName])
        try await MailOutbox.enqueue(mail, on: connection, now: self.clock.now)
        try await StaffMessageStore.setStatus(.answered, id: id, on: connection)
        return message
    }

    /// The mail telling the staff about `message`; its reply address is marked unverified unless the
    /// sender was logged in.
    private func notification(_ message: StaffMessage, to address: String, verified: Bool, siteName: String, messages: MessageCatalog) -> OutgoingMail {
        let senderName = message.name.isEmpty ? messages.text(.anonymousSender) : message.name
        let replyLine = message.email.isEmpty ? nil : messages.text(verified ? .contactVerifiedAddress : .contactUnverifiedAddress, message.email)
        return self.composer.compose(
            to: address, replyTo: message.email, subject: messages.text(.contactUsNotificationSubject, message.title),
            paragraphs: [messages.text(.contactUsNotificationMessage, siteName, senderName, message.category), message.post],
            footer: replyLine.map { [$0] } ?? []
        )
    }
}
