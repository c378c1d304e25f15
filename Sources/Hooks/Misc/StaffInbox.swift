public import Auth
public import Contact
public import Mail
public import Messages
public import Push
public import Storage
public import Text

/// The staff's side of `contact_us`: the live ``ContactUsHook/Inbox``.
///
/// A message is stored, and in the same transaction the staff notification mail (to
/// `ENDPOINT_STAFF_EMAIL`, else every administrator), a push to staff devices and the logged-in
/// sender's copy are queued, so nothing is half-sent. The staff are written to in the site's language,
/// the sender in their own.
public enum StaffInbox {
    /// The inbox of `database`; `staffEmail` replaces the administrators' addresses when set.
    public static func live(database: Database, config: ConfigStore, staffEmail: String?, clock: SiteClock) -> ContactUsHook.Inbox {
        let composer = MailComposer()
        let rateLimit = RateLimit(database: database, clock: clock)
        return ContactUsHook.Inbox(
            member: { id in try await database.withConnection { try await MemberStore.find(id: id, on: $0) } },
            admit: { ip, memberID in
                let options = try await config.options()
                var scopes: [(subject: RateLimit.Subject, rule: RateLimit.Rule)] = [
                    (.address(ip), .perHour(options.integer(.contactUsLimitPerIPPerHour)))
                ]
                if let memberID {
                    scopes.append((.member(memberID), .perHour(options.integer(.contactUsLimitPerHour))))
                }
                if case .limited(let wait) = try await rateLimit.reserve("contact_us", limits: scopes) {
                    throw AccountFailure.limited(.contactThrottled, seconds: wait)
                }
            },
            deliver: { message, sender in
                let options = try await config.options()
                let siteName = options.siteName
                let messages = Languages.bundled.choose(parameter: nil, memberLanguage: nil, acceptLanguage: nil, siteDefault: options.defaultLanguage)
                let now = clock.now
                return try await database.transaction { connection in
                    let id = try await StaffMessageStore.create(message, on: connection)
                    var staff = staffEmail.map { [$0] } ?? []
                    if staff.isEmpty { staff = try await StaffMessageStore.administratorAddresses(on: connection) }
                    for address in staff {
                        let mail = Self.notification(message, to: address, verified: sender != nil, siteName: siteName, messages: messages, composer: composer)
                        try await MailOutbox.enqueue(mail, on: connection, now: now)
                    }
                    try await PushQueue.enqueue(
                        PushNotification(
                            title: messages.text(.contactUsNotificationSubject, message.title),
                            body: TextLength.prefix(message.post, 200),
                            data: ["notification_code": "contact_us", "from_id": String(sender?.id ?? MemberRecord.guestID)]
                        ), to: .staff, on: connection, now: now)
                    if let sender, !sender.email.isEmpty {
                        let senders = Languages.bundled.choose(
                            parameter: nil, memberLanguage: sender.language, acceptLanguage: nil, siteDefault: options.defaultLanguage
                        )
                        try await MailOutbox.enqueue(
                            composer.compose(
                                to: sender.email,
                                subject: senders.text(.yourMessageWasSentSubject, message.title),
                                paragraphs: [senders.text(.yourMessageWasSentBody, siteName), message.post]
                            ), on: connection, now: now)
                    }
                    return id
                }
            },
            now: { clock.now }
        )
    }

    /// The mail telling the staff about `message`; its reply address is marked unverified unless the
    /// sender was logged in.
    private static func notification(
        _ message: StaffMessage, to address: String, verified: Bool, siteName: String, messages: MessageCatalog, composer: MailComposer
    ) -> OutgoingMail {
        let senderName = message.name.isEmpty ? messages.text(.anonymousSender) : message.name
        let replyLine =
            message.email.isEmpty
            ? nil
            : messages.text(verified ? .contactVerifiedAddress : .contactUnverifiedAddress, message.email)
        return composer.compose(
            to: address,
            replyTo: message.email,
            subject: messages.text(.contactUsNotificationSubject, message.title),
            paragraphs: [messages.text(.contactUsNotificationMessage, siteName, senderName, message.category), message.post],
            footer: replyLine.map { [$0] } ?? []
        )
    }
}
