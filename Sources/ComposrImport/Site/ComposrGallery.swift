/// A gallery of Composr's galleries module (`galleries`): its name (Composr's, kept), its title and
/// description, the gallery holding it (`parent_id`, '' for `root`), its representative image and
/// when it was made.
public struct ComposrGallery: Sendable, Equatable {
    public var name: String
    public var title: String { self.titleField.text }
    /// Comcode.
    public var description: String { self.descriptionField.text }
    var titleField: Translatable
    var descriptionField: Translatable
    /// The parent's name; '' at the top.
    public var parentName: String
    /// An uploaded file's URL (`uploads/repimages/…`), or ''.
    public var image: String
    public var addDate: Int

    init(row: ComposrRow) throws {
        self.name = try row.text("name")
        self.titleField = try row.translatable("fullname")
        self.descriptionField = try row.translatable("description")
        self.parentName = try row.text("parent_id")
        self.image = try row.text("rep_image")
        self.addDate = try row.integer("add_date")
    }

    mutating func resolve(_ translations: [Int: String]) {
        self.titleField.resolve(translations)
        self.descriptionField.resolve(translations)
    }
}

/// An entry of a Composr gallery, an image (`images`) or a video (`videos`): Composr numbers each kind
/// apart, so an entry is known by its kind and ID. Its file (an upload's URL, `uploads/galleries/…`,
/// or an address elsewhere), its gallery, title, description, who added it when, and whether it was
/// validated.
public struct ComposrGalleryEntry: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case image, video
    }

    public var kind: Kind
    public var id: Int
    public var galleryName: String
    public var url: String
    public var title: String { self.titleField.text }
    /// Comcode.
    public var description: String { self.descriptionField.text }
    var titleField: Translatable
    var descriptionField: Translatable
    public var submitterID: Int?
    public var validated: Bool
    public var addDate: Int

    init(_ kind: Kind, row: ComposrRow) throws {
        self.kind = kind
        self.id = try row.id("id")
        self.galleryName = try row.text("cat")
        self.url = try row.text("url")
        self.titleField = try row.translatable("title")
        self.descriptionField = try row.translatable("description")
        self.submitterID = try row.optionalInteger("submitter")
        self.validated = try row.flag("validated")
        self.addDate = try row.integer("add_date")
    }

    mutating func resolve(_ translations: [Int: String]) {
        self.titleField.resolve(translations)
        self.descriptionField.resolve(translations)
    }

    /// Its caption in a gallery here: its title, else its description.
    var caption: String { self.title.isEmpty ? self.description : self.title }
    /// How the report names it.
    var owner: String { "gallery \(self.kind.rawValue) \(self.id)" }
}
