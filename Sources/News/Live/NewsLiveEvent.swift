public import EndpointCore
public import Media
import NIOConcurrencyHelpers
import NIOCore

/// What one live stream shows: its categories (nil: all) and how articles are written for it (`d`,
/// `fields`), as `content/news` reads them.
public struct NewsLiveView: Hashable, Sendable {
    public var categoryIDs: Set<Int>?
    public var device: DeviceClass
    public var fields: Set<String>?

    public init(categoryIDs: Set<Int>?, device: DeviceClass, fields: Set<String>?) {
        self.categoryIDs = categoryIDs
        self.device = device
        self.fields = fields
    }

    /// Whether an article of `categoryID` is in this view.
    func shows(categoryID: Int) -> Bool {
        self.categoryIDs?.contains(categoryID) ?? true
    }
}

/// One event of the live news stream: one change from the change log, in the shape `changes` gives
/// it — an article shown now (`upserted`), one no longer shown (`deleted`, `{type, id}`), or the
/// category list — and the sync token after it as its `id`, so a client that reconnects with it
/// (`Last-Event-ID`) resumes exactly there.
///
/// Made once per change and shared by every stream: its bytes are written once per view (the
/// category filter, the device class, the fields) and the same buffer is sent to every stream
/// with that view. It keeps the bytes of ``keptViews`` views at most: views are the clients' to
/// invent (50 streams with 50 `fields` lists and 300 writes once held 162 MB), and the bytes of any
/// other view are made again when needed.
final class NewsLiveEvent: Sendable {
    enum Change: Sendable {
        case upserted(PublishedArticle)
        case deleted(articleID: Int)
        case categories([PublishedCategory])
        /// The client's token cannot be resumed from: it reloads, as after `changes`' `reset`.
        case reset
    }

    /// The change-log number this event brings a client to.
    let seq: Int
    let token: String
    let change: Change
    private let publicURL: String
    private let framed = NIOLockedValueBox<[NewsLiveView: ByteBuffer]>([:])

    /// The most views whose bytes one event keeps.
    static let keptViews = 4

    init(seq: Int, token: String, change: Change, publicURL: String) {
        self.seq = seq
        self.token = token
        self.change = change
        self.publicURL = publicURL
    }

    /// The event as `view` shows it: an article moved out of the view's categories is `deleted` for
    /// it (the stream cannot know whether the client held it, and a deletion of an unknown article
    /// is nothing to a client); the category list holds the view's categories.
    func bytes(for view: NewsLiveView) -> ByteBuffer {
        if let kept = self.framed.withLockedValue({ $0[view] }) { return kept }
        let bytes = self.render(for: view)
        return self.framed.withLockedValue { kept in
            if let other = kept[view] { return other }
            if kept.count < Self.keptViews { kept[view] = bytes }
            return bytes
        }
    }

    /// The bytes the event keeps (its views' renderings), which the backlog counts.
    var keptBytes: Int {
        self.framed.withLockedValue { $0.values.reduce(0) { $0 + $1.readableBytes } }
    }

    private func render(for view: NewsLiveView) -> ByteBuffer {
        let json = NewsJSON(publicURL: self.publicURL, device: view.device, fields: view.fields)
        switch self.change {
        case .upserted(let published) where view.shows(categoryID: published.article.categoryID):
            return Self.frame(event: "upserted", id: self.token, data: json.article(published))
        case .upserted(let published):
            return Self.frame(event: "deleted", id: self.token, data: Self.deletion(published.article.id))
        case .deleted(let id):
            return Self.frame(event: "deleted", id: self.token, data: Self.deletion(id))
        case .categories(let categories):
            let shown = categories.filter { view.shows(categoryID: $0.category.id) }
            return Self.frame(event: "categories", id: self.token, data: ["categories": .array(shown.map(json.category))])
        case .reset:
            return Self.frame(event: "reset", id: self.token, data: ["reset": true, "sync": .string(self.token)])
        }
    }

    /// A deletion as `changes` lists it.
    static func deletion(_ id: Int) -> JSONValue {
        ["type": "news", "id": .int(id)]
    }

    /// One Server-Sent Event: its name, its `id` and its data on one line (serialized JSON holds no
    /// line break).
    static func frame(event: String, id: String, data: JSONValue) -> ByteBuffer {
        let json = data.serializedBytes
        var buffer = ByteBuffer()
        buffer.reserveCapacity(json.count + event.utf8.count + id.utf8.count + 24)
        buffer.writeString("event: ")
        buffer.writeString(event)
        buffer.writeString("\nid: ")
        buffer.writeString(id)
        buffer.writeString("\ndata: ")
        buffer.writeBytes(json)
        buffer.writeString("\n\n")
        return buffer
    }
}
