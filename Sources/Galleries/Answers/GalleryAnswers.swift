public import EndpointCore
public import Media
public import Messages
import Routes
public import Storage

/// What `content/galleries` answers: the tree of galleries with their validated items counted, and a
/// gallery with a page of its validated items, in its order, continued by cursor. Words are in the
/// asked language where a gallery has them, images at the asking device's size, URLs absolute.
public struct GalleryAnswers: Sendable {
    /// The site's public URL, without a trailing slash.
    public let publicURL: String

    public init(publicURL: String) {
        self.publicURL = publicURL
    }

    /// Who asks: the language of the words and the device class of the images.
    public struct Reader: Sendable {
        public var language: String
        public var device: DeviceClass

        public init(language: String, device: DeviceClass) {
            self.language = language
            self.device = device
        }
    }

    /// The most items a page holds, and how many it holds when not told.
    public static let largestPage = 100
    public static let defaultPage = 20

    /// `{"galleries": [the top-level galleries, each with its own "galleries"], "sync"}`: `sync` is the
    /// token of the changes after this tree (``changes(since:for:on:)``), taken before it is read.
    public func tree(for reader: Reader, on connection: StoreConnection) async throws -> JSONValue {
        let state = try await GalleryChangeLog.state(on: connection)
        let galleries = try await GalleryStore.all(on: connection)
        let summaries = try await self.summaries(of: galleries, for: reader, on: connection)
        let children = Dictionary(grouping: galleries, by: \.parentID)
        func node(_ gallery: Gallery) -> JSONValue {
            .object(summaries(gallery) + [("galleries", .array(Self.ordered(children[gallery.id] ?? []).map(node)))])
        }
        return ["galleries": .array(Self.ordered(children[nil] ?? []).map(node)), "sync": .string(Self.sync(state, state.latest))]
    }

    /// `{"gallery": …, "items": [a page], "page": {"next_cursor"}}` for the gallery named `name`, its
    /// items after `cursor`, at most `limit`.
    public func gallery(_ name: String, cursor: String?, limit: Int, for reader: Reader, on connection: StoreConnection) async throws -> JSONValue {
        let gallery = try await GalleryEditor.existing(name, on: connection)
        var after: GalleryItemStore.Position?
        if let cursor {
            guard let read = GalleryCursor(token: cursor) else { throw Refusal.malformed(.newsBadCursor) }
            guard read.galleryID == gallery.id else { throw Refusal.malformed(.newsCursorOtherList) }
            after = read.after
        }
        let items = try await GalleryItemStore.validatedItems(ofGallery: gallery.id, after: after, limit: limit + 1, on: connection)
        let page = items.prefix(limit)
        let next = items.count > limit ? page.last.map { GalleryCursor(galleryID: gallery.id, after: .init(position: $0.item.position, id: $0.item.id)) } : nil
        let all = try await GalleryStore.all(on: connection)
        let inside = Self.ordered(all.filter { $0.parentID == gallery.id })
        let summaries = try await self.summaries(of: [gallery] + inside, for: reader, on: connection)
        let fields =
            summaries(gallery) + [
                ("parent", all.first { $0.id == gallery.parentID }.map { .string($0.name) } ?? .null),
                ("galleries", .array(inside.map { .object(summaries($0)) })),
            ]
        return [
            "gallery": .object(fields),
            "items": .array(page.map { self.item($0, for: reader) }),
            "page": ["next_cursor": next.map { .string($0.token) } ?? .null],
        ]
    }

    /// How an answer gives each of `galleries`: name, words, cover and validated items counted (kept
    /// by the database), the covers read at once.
    func summaries(of galleries: [Gallery], for reader: Reader, on connection: StoreConnection) async throws
        -> (Gallery) -> [(key: String, value: JSONValue)]
    {
        let covers = try await MediaStore.find(ids: Set(galleries.compactMap(\.coverMediaID)), on: connection)
        return { gallery in
            let text = gallery.text(in: reader.language)
            let cover = gallery.coverMediaID.flatMap { covers[$0] }
            return [
                ("name", .string(gallery.name)), ("title", .string(text.title)), ("description", .string(text.description)),
                ("cover", cover.map { self.image($0, for: reader) } ?? .null), ("item_count", .int(gallery.validatedItems)),
            ]
        }
    }

    func item(_ shown: ShownGalleryItem, for reader: Reader) -> JSONValue {
        var fields: [(key: String, value: JSONValue)] = [
            ("id", .int(shown.item.id)), ("caption", .string(shown.item.caption)), ("credit", .string(shown.item.credit)),
            ("add_date", .int(shown.item.addDate)),
        ]
        switch shown.shown {
        case .image(let record): fields += [("type", "image"), ("image", self.image(record, for: reader))]
        case .video(let video): fields += [("type", "video"), ("video", video.json(for: reader.device, on: self.publicURL))]
        }
        return .object(fields)
    }

    /// A library image at the reader's device size: its URL, that version's size and its alt text.
    private func image(_ record: MediaRecord, for reader: Reader) -> JSONValue {
        let size = MediaVersion.device(reader.device).size(ofWidth: record.width, height: record.height)
        return [
            "url": .string(MediaLinks.route(of: record, .device(reader.device)).url(on: self.publicURL)), "width": .int(size.width),
            "height": .int(size.height), "alt_text": .string(record.altText),
        ]
    }

    /// Galleries in the order they were made.
    private static func ordered(_ galleries: [Gallery]) -> [Gallery] {
        galleries.sorted { ($0.addDate, $0.id) < ($1.addDate, $1.id) }
    }
}
