/// Who outgoing mail is from: `ENDPOINT_MAIL_FROM` and the site's name as the display name.
public struct MailSender: Sendable, Equatable {
    public var address: String
    public var name: String

    public init(address: String, name: String) {
        self.address = address
        self.name = name
    }
}
