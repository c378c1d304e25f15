/// A video of Composr's galleries (`videos`): its file (an upload's URL, `uploads/galleries/…`, or an
/// address elsewhere), its title and who added it when. The file comes over into the media library
/// (with `--files`); the gallery it is in does not yet.
public struct ComposrVideo: Sendable, Equatable {
    public var id: Int
    public var url: String
    public var title: String { self.titleField.text }
    var titleField: Translatable
    public var submitterID: Int?
    public var addDate: Int

    init(row: ComposrRow) throws {
        self.id = try row.id("id")
        self.url = try row.text("url")
        self.titleField = try row.translatable("title")
        self.submitterID = try row.optionalInteger("submitter")
        self.addDate = try row.integer("add_date")
    }

    mutating func resolve(_ translations: [Int: String]) {
        self.titleField.resolve(translations)
    }
}
