/// A message to the staff from `contact_us`, as stored.
public struct StaffMessage: Sendable, Equatable {
    /// Where the staff are with it.
    public enum Status: String, Sendable, CaseIterable {
        case new
        case read
        case answered
        case closed
    }

    public var id: Int
    /// The sender when logged in; nil for a guest.
    public var memberID: Int?
    public var name: String
    /// The address to reply to: a guest's own statement, never mailed automatically.
    public var email: String
    public var title: String
    public var category: String
    public var post: String
    public var ip: String
    public var createdAt: Int
    public var status: Status

    public init(
        id: Int = 0, memberID: Int?, name: String, email: String, title: String, category: String, post: String,
        ip: String, createdAt: Int, status: Status = .new
    ) {
        self.id = id
        self.memberID = memberID
        self.name = name
        self.email = email
        self.title = title
        self.category = category
        self.post = post
        self.ip = ip
        self.createdAt = createdAt
        self.status = status
    }
}
