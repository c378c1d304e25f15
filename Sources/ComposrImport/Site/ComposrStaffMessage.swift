import Foundation

/// A message sent to the staff through Composr's contact form. Composr 10 keeps none in a table of
/// its own: the `staff_messaging` addon makes each a topic of the forum its `messaging_forum_name`
/// option names (described `Comment: #<type>_<id>`), a spacer post by the system first, then the
/// message as the sender's post, to which Composr appends a Tempcode block for administrators (a reply
/// link holding the sender's address).
public struct ComposrStaffMessage: Sendable, Equatable {
    public var memberID: Int?
    public var name: String
    public var email: String
    public var title: String
    /// The message's type (`General`…), from the topic's description.
    public var category: String
    public var post: String
    public var ip: String
    public var time: Int

    /// The messages of the messaging forum named `forum`, in the order they were sent.
    static func read(forum: String, forums: [ComposrRow], topics: [ComposrRow], posts: [ComposrRow], translations: [Int: String]) throws
        -> [ComposrStaffMessage]
    {
        guard !forum.isEmpty, let forumID = try forums.first(where: { try $0.translatable("f_name").resolved(translations) == forum })?.integer("id")
        else { return [] }
        var categories: [Int: String] = [:]
        for topic in topics where try topic.integer("t_forum_id") == forumID {
            let description = try topic.translatable("t_description").resolved(translations)
            guard description.hasPrefix("Comment: #") else { continue }
            let tag = description.dropFirst("Comment: #".count)
            categories[try topic.integer("id")] = String(tag[..<(tag.lastIndex(of: "_") ?? tag.endIndex)])
        }
        var byTopic: [Int: [ComposrRow]] = [:]
        for post in posts {
            let topic = try post.integer("p_topic_id")
            if categories[topic] != nil { byTopic[topic, default: []].append(post) }
        }
        return try byTopic.keys.sorted().compactMap { topic in
            // The first post is the spacer; the second, the message (later ones are the staff's replies).
            let ordered = try byTopic[topic, default: []].sorted { try $0.integer("id") < $1.integer("id") }
            guard ordered.count >= 2 else { return nil }
            return try ComposrStaffMessage(post: ordered[1], category: categories[topic] ?? "", translations: translations)
        }
    }

    init(post row: ComposrRow, category: String, translations: [Int: String]) throws {
        let poster = try row.integer("p_poster")
        self.memberID = poster > 1 ? poster : nil
        self.name = try row.text("p_poster_name_if_guest")
        self.title = try row.translatable("p_title").resolved(translations)
        self.category = category
        let (post, block) = Self.withoutAdministratorsBlock(try row.translatable("p_post").resolved(translations))
        self.post = post
        self.email = Self.address(inReplyLink: block) ?? ""
        self.ip = try row.text("p_ip_address")
        self.time = try row.integer("p_time")
    }

    /// The post without the block Composr appended for administrators, and that block.
    static func withoutAdministratorsBlock(_ post: String) -> (post: String, block: String) {
        guard let start = post.range(of: "{+START,IF,{$IS_ADMIN}}", options: .backwards) else { return (post, "") }
        return (String(post[..<start.lowerBound]), String(post[start.upperBound...]))
    }

    /// The address of the block's reply link (`[email subject=… body=…]address[/email]`).
    static func address(inReplyLink block: String) -> String? {
        guard let close = block.range(of: "[/email]", options: .backwards),
            let open = block[..<close.lowerBound].range(of: "]", options: .backwards)
        else { return nil }
        let address = block[open.upperBound..<close.lowerBound]
        return address.contains("@") && !address.contains(where: \.isWhitespace) ? String(address) : nil
    }
}
