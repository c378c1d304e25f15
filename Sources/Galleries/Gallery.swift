import Media

/// A gallery as stored: a node of the site's tree of galleries, with its own words and a cover.
public struct Gallery: Sendable, Equatable {
    public var id: Int
    /// Its address, Composr's name (``GalleryName``).
    public var name: String
    /// The gallery holding it; nil for a top-level gallery (the apps' gallery tabs).
    public var parentID: Int?
    /// Its title and description in the site's language.
    public var text: GalleryText
    /// Its title and description in other languages, by language code (`FR`, `DE`).
    public var translations: [String: GalleryText]
    /// The library image standing for it in lists; nil for the first image it holds.
    public var coverMediaID: Int?
    public var addDate: Int
    public var editDate: Int
    /// How many of its items readers see: kept by the database as items come, go or change (read
    /// only: writing a gallery never sets it).
    public var validatedItems = 0

    /// Its title and description in `language`, else in the site's language.
    public func text(in language: String) -> GalleryText {
        self.translations[language] ?? self.text
    }
}

/// A gallery's words in one language.
public struct GalleryText: Sendable, Equatable {
    public var title: String
    public var description: String

    public init(title: String, description: String = "") {
        self.title = title
        self.description = description
    }

    /// The longest title and description, in Unicode scalars.
    public static let titleMaximum = 255
    public static let descriptionMaximum = 10_000
}

/// One image or video of a gallery, in its place.
public struct GalleryItem: Sendable, Equatable {
    /// What an item shows: a library image or a library video, by ID.
    public enum Content: Sendable, Equatable {
        case image(Int)
        case video(Int)

        /// How writers name it: a library image's `media:<id>`, a video's `video:<id>`.
        public var reference: String {
            switch self {
            case .image(let id): "media:\(id)"
            case .video(let id): VideoLinks.reference(id)
            }
        }

        /// What `reference` names (``reference``'s forms); nil for anything else.
        public init?(reference: String) {
            if reference.hasPrefix("video:"), let id = VideoLinks.id(inReference: reference) {
                self = .video(id)
            } else if case .id(let id)? = MediaLinks.reference(reference, publicURL: "") {
                self = .image(id)
            } else {
                return nil
            }
        }
    }

    public var id: Int
    public var galleryID: Int
    /// Its place: the gallery's items are shown by position, then ID.
    public var position: Int
    public var content: Content
    public var caption: String
    public var credit: String
    /// Whether readers see it (Composr's validation): an item not validated waits for an editor.
    public var validated: Bool
    public var submitterID: Int?
    public var addDate: Int

    /// The longest caption and credit, in Unicode scalars (a library image's own).
    public static let captionMaximum = 1000
}
