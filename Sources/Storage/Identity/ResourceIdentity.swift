/// A resource's stable names: its moniker (file or folder name in `content/commandr_fs`, unique per
/// type), its label and a GUID (Composr's `alternative_ids`).
public struct ResourceIdentity: Sendable, Equatable {
    public var type: ResourceType
    public var id: Int
    public var moniker: String
    public var label: String
    public var guid: String

    public init(type: ResourceType, id: Int, moniker: String, label: String, guid: String) {
        self.type = type
        self.id = id
        self.moniker = moniker
        self.label = label
        self.guid = guid
    }
}

/// The kinds of resources that have identities, named as Composr names them in `search` ids
/// (`news/3`, `member/2`, `group/1`).
public enum ResourceType: String, Sendable, CaseIterable {
    case group
    case member
    case newsCategory = "news_category"
    case news
    case contactMessage = "contact_message"
    case media
    case video

    /// The monikers this type's are unique among: its own, except that videos and images, files of one
    /// folder (`/var/media`), share the images'.
    public var monikerSpace: String {
        self == .video ? ResourceType.media.rawValue : self.rawValue
    }
}
