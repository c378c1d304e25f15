public import EndpointCore
public import Galleries
import Media
public import Messages
import Routes
public import Storage

/// A gallery of the site as a Floki Gallery tab reads it (the protocol's "Gallery item protocol",
/// `content/galleries/galleries/<name>?response_type=floki`): the bare document `{"thumbs",
/// "to_delete", "has_older"}`. The galleries inside it come first, each an item that opens it
/// (`class_type` `Gallery_view_controller`, its `url` its own feed, its cover as the picture); then its
/// validated items in their order, a page at a time — an image at the device's size with its square
/// thumbnail, caption and credit; a ready video an item that opens the movie controller
/// (``FlokiMovie``) with its poster as the picture.
///
/// The clients keep items by ID and sort them by `sort_id`, highest first: an item's ID is its ID × 2,
/// a gallery's its ID × 2 + 1 (both below 2³¹: items and galleries past 2³⁰ are left out), and the
/// sort IDs follow the gallery's order. A client holding IDs `l` to `h` is told which of them left
/// (``GalleryDepartureStore``); `o` asks for the items after the one it names.
public struct FlokiSiteGallery: Sendable {
    /// The site's public URL, without a trailing slash.
    let publicURL: String

    public init(publicURL: String) {
        self.publicURL = publicURL
    }

    /// What a client sends: its device class, the IDs it holds and the item it wants older ones than.
    public struct Request: Sendable {
        var device: DeviceClass
        var held: ClosedRange<Int>?
        var older: Int?

        /// The parameters read, as ``NewsParameters`` reads them for the news feeds.
        public static let names: Set<String> = ["d", "l", "h", "o"]

        public init(_ parameters: RequestParameters) throws(Refusal) {
            self.device = DeviceClass(parameter: parameters.optionalEither("d"))
            if let lowest = try NewsParameters.flokiID(parameters, "l"), let highest = try NewsParameters.flokiID(parameters, "h"), lowest <= highest {
                self.held = lowest...highest
            }
            self.older = try NewsParameters.flokiID(parameters, "o")
        }
    }

    /// Items per page.
    static let pageSize = 40
    /// The highest item or gallery ID given (its Floki ID, × 2 + 1, is at most 2³¹ − 1).
    static let highestID = Int(Int32.max) / 2 - 1

    /// Gallery `name`'s document for `request`, with its words in `language`.
    public func answer(_ name: String, _ request: Request, language: String, on connection: StoreConnection) async throws -> JSONValue {
        let gallery = try await GalleryEditor.existing(name, on: connection)
        let children = try await GalleryStore.all(on: connection).filter { $0.parentID == gallery.id && $0.id <= Self.highestID }
            .sorted { ($0.addDate, $0.id) < ($1.addDate, $1.id) }
        var after: GalleryItemStore.Position?
        var shownChildren = children
        if let older = request.older {
            // Older than a gallery: the items from the first; older than an item: those after it.
            shownChildren = []
            if older % 2 == 0 {
                guard let item = try await GalleryItemStore.item(older / 2, ofGallery: gallery.id, on: connection) else {
                    return ["thumbs": [], "to_delete": [], "has_older": false]
                }
                after = .init(position: item.position, id: item.id)
            }
        }
        let items = try await GalleryItemStore.validatedItems(ofGallery: gallery.id, after: after, limit: Self.pageSize + 1, on: connection)
        let writer = Writer(publicURL: self.publicURL, device: request.device, title: gallery.text(in: language).title)
        var thumbs: [JSONValue] = []
        for (index, child) in shownChildren.enumerated() {
            if let thumb = try await writer.gallery(child, index: index, language: language, on: connection) { thumbs.append(thumb) }
        }
        thumbs += items.prefix(Self.pageSize).filter { $0.item.id <= Self.highestID }.compactMap(writer.item)
        var deleted: [Int] = []
        if let held = request.held {
            deleted = try await self.departed(from: gallery, children: children, held: held, on: connection)
        }
        return ["thumbs": .array(thumbs), "to_delete": .array(deleted.map(JSONValue.int)), "has_older": .bool(items.count > Self.pageSize)]
    }

    /// The Floki IDs in `held` of what left `gallery` and is not back.
    private func departed(from gallery: Gallery, children: [Gallery], held: ClosedRange<Int>, on connection: StoreConnection) async throws -> [Int] {
        let range = (held.lowerBound / 2)...(held.upperBound / 2)
        let limit = FlokiListing.deletionLimit
        let items = try await GalleryDepartureStore.departed(.item, from: gallery.id, in: range, limit: limit, on: connection)
        let back = try await GalleryItemStore.validatedIDs(among: items, ofGallery: gallery.id, on: connection)
        let galleries = try await GalleryDepartureStore.departed(.gallery, from: gallery.id, in: range, limit: limit, on: connection)
        let inside = Set(children.map(\.id))
        let ids = items.filter { !back.contains($0) }.map { $0 * 2 } + galleries.filter { !inside.contains($0) }.map { $0 * 2 + 1 }
        return Array(ids.filter(held.contains).prefix(limit))
    }
}

extension FlokiSiteGallery {
    /// How one gallery's items are written for one device.
    struct Writer {
        let publicURL: String
        let device: DeviceClass
        /// The gallery's title, every picture's title on the clients' HUD.
        let title: String

        /// Sort IDs: the galleries inside above the items, each in its order.
        static let gallerySortBase = 1 << 41
        static let itemSortBase = 1 << 40

        /// A gallery inside as an item that opens it, its cover (or its first image) as the picture;
        /// nil for one with nothing to show, which the clients could not draw.
        func gallery(_ child: Gallery, index: Int, language: String, on connection: StoreConnection) async throws -> JSONValue? {
            var cover: MediaRecord?
            if let id = child.coverMediaID { cover = try await MediaStore.find(id: id, on: connection) }
            if cover == nil, let first = try await GalleryItemStore.validatedItems(ofGallery: child.id, after: nil, limit: 1, on: connection).first {
                cover = first.picture
            }
            guard let cover else { return nil }
            let text = child.text(in: language)
            let size = MediaVersion.device(self.device).size(ofWidth: cover.width, height: cover.height)
            return [
                "id": .int(child.id * 2 + 1), "sort_id": .int(Self.gallerySortBase - index), "title": .string(text.title),
                "url": .string(GalleryLinks.flokiFeed(child.name).url(on: self.publicURL)), "image": .string(self.thumbnail(cover)),
                "width": .int(size.width), "height": .int(size.height), "caption_text": .string(text.description), "online": false,
                "class_type": "Gallery_view_controller", "data": FlokiAppDefinition.galleryOptions,
            ]
        }

        /// An image, or a ready video (nil until then: it has no picture yet).
        func item(_ shown: ShownGalleryItem) -> JSONValue? {
            let item = shown.item
            let caption = [item.caption, item.credit].filter { !$0.isEmpty }.joined(separator: " — ")
            var fields: [(key: String, value: JSONValue)] = [
                ("id", .int(item.id * 2)), ("sort_id", .int(Self.itemSortBase - item.position)), ("title", .string(self.title)),
            ]
            switch shown.shown {
            case .image(let record):
                let size = MediaVersion.device(self.device).size(ofWidth: record.width, height: record.height)
                fields += [
                    ("url", .string(MediaLinks.route(of: record, .device(self.device)).url(on: self.publicURL))), ("image", .string(self.thumbnail(record))),
                    ("width", .int(size.width)), ("height", .int(size.height)), ("max_zoom", 2),
                ]
            case .video(let video):
                let json = NewsJSON(publicURL: self.publicURL, device: self.device, fields: nil)
                guard let poster = video.poster, let movie = FlokiMovie(json: json).fields(video, title: self.title, text: caption),
                    let shownPoster = video.poster(for: self.device, on: self.publicURL)
                else { return nil }
                fields += [("image", .string(self.thumbnail(poster))), ("width", .int(shownPoster.width)), ("height", .int(shownPoster.height))]
                fields += movie
            }
            return .object(fields + [("caption_text", .string(caption)), ("online", false)])
        }

        /// The square thumbnail filling a gallery cell on the device.
        private func thumbnail(_ record: MediaRecord) -> String {
            MediaLinks.route(of: record, extra: FlokiCell.gallery.thumbnailPairs(on: self.device)).url(on: self.publicURL)
        }
    }
}
