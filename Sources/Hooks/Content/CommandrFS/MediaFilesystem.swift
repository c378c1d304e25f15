import EndpointCore
import Media
import Messages
import News
import Routes
import Storage

/// `/var/media`: the uploaded images and videos, each as its file (`<name>.<extension>`) and its
/// properties (`<name>.cms`: caption and credit, an image's alt text; the rest read-only, a video's
/// state and progress among it: ``VideoFilesystem``).
///
/// An image is added by writing its file (REST `POST` or `PUT` with the bytes as the body, or a
/// multipart `data` file part, whose form's `data` field may carry properties); the bytes are checked
/// before the transaction opens. The same bytes are one image whatever they are called: a second
/// upload answers the first one's path. Deleting either file removes the image or video, unless an
/// article shows it. A name ending in a video's extension (`.mp4`, `.mov`, `.m4v`, `.webm`, `.mkv`) is a
/// video's, and goes to ``VideoFilesystem``.
struct MediaFilesystem: CommandrFilesystem {
    static let properties = ".cms"

    private let videos = VideoFilesystem()

    func list(_ path: [String], on connection: StoreConnection) async throws -> [CommandrEntry]? {
        guard path.isEmpty else { return nil }
        let identities = try await ResourceIdentityStore.all(.media, on: connection)
        let images = try await MediaStore.all(on: connection).flatMap { image -> [CommandrEntry] in
            guard let identity = identities[image.id] else { return [] }
            return [
                .file(Self.fileName(identity, image), size: image.byteCount, modified: image.addedAt),
                .file(identity.moniker + Self.properties, modified: image.addedAt),
            ]
        }
        return images + (try await self.videos.list(on: connection))
    }

    func read(_ path: [String], on connection: StoreConnection) async throws -> JSONValue? {
        if let video = try await self.videos.read(path, on: connection) { return video }
        guard let image = try await Self.image(path, on: connection) else { return nil }
        return Self.json(image)
    }

    func locate(_ identity: ResourceIdentity, on connection: StoreConnection) async throws -> [String]? {
        identity.type == .media || identity.type == .video ? [identity.moniker + Self.properties] : nil
    }

    func prepare(_ path: [String], type: String, _ write: CommandrWrite) async throws {
        guard type != "delete" else { return }
        if VideoFilesystem.isVideoFile(path) {
            try await self.videos.prepare(write)
        } else if Self.isImageFile(path) {
            write.image = try await write.context.media.inspect(write.upload ?? [])
        }
    }

    func takesFile(_ path: [String]) -> Bool { Self.isImageFile(path) || VideoFilesystem.isVideoFile(path) }

    func streamsFile(_ path: [String]) -> Bool { VideoFilesystem.isVideoFile(path) }

    func add(_ path: [String], _ write: CommandrWrite, on connection: StoreConnection) async throws -> [String] {
        if VideoFilesystem.isVideoFile(path), let name = Self.stem(path[0]) { return try await self.videos.add(name: name, write, on: connection) }
        guard Self.isImageFile(path), let name = Self.stem(path[0]) else {
            throw EndpointError.refused(.cannotCreateHere, "var/media/" + path.joined(separator: "/"))
        }
        guard let inspected = write.image else { throw MediaFailure.nothingSent }
        var properties = try write.properties()
        let changes = try Self.changes(&properties)
        try properties.rejectUnread(allowingUnchanged: .emptyObject)
        let (image, _) = try await write.context.media.store(inspected, name: name, properties: changes, addedBy: write.actorID, on: connection)
        guard let identity = try await ResourceIdentityStore.find(.media, id: image.id, on: connection) else { throw InsertedRowMissing(table: "media") }
        Self.answer(image, write)
        return [Self.fileName(identity, image)]
    }

    /// What every write of an image's file answers, beside its path: its ID and its absolute URL.
    private static func answer(_ image: MediaRecord, _ write: CommandrWrite) {
        write.answer("id", .int(image.id))
        write.answer("url", .string(MediaLinks.route(of: image).url(on: write.context.publicURL)))
    }

    func edit(_ path: [String], _ write: CommandrWrite, on connection: StoreConnection) async throws {
        if try await self.videos.edit(path, write, on: connection) { return }
        guard let image = try await Self.image(path, on: connection) else { return }
        guard path[0].hasSuffix(Self.properties) else {
            // A repeated PUT of the same bytes changes nothing; other bytes are another image.
            guard write.image?.contentHash == image.contentHash else { throw EndpointError.refused(.alreadyExists, "var/media/" + path[0]) }
            Self.answer(image, write)
            return
        }
        var properties = try write.properties()
        let changes = try Self.changes(&properties)
        try properties.rejectUnread(allowingUnchanged: Self.json(image))
        try await ArticleEditor.describeImage(image.id, changes, on: connection)
    }

    func delete(_ path: [String], _ write: CommandrWrite, on connection: StoreConnection) async throws {
        if try await self.videos.delete(path, write, on: connection) { return }
        guard let image = try await Self.image(path, on: connection) else { return }
        try await write.context.media.delete(image, on: connection)
    }

    // MARK: Properties

    private static func changes(_ properties: inout CommandrProperties) throws(EndpointError) -> MediaChanges {
        MediaChanges(
            caption: try properties.text("caption", maximumLength: 1000),
            credit: try properties.text("credit", maximumLength: 1000),
            altText: try properties.text("alt_text", maximumLength: 1000)
        )
    }

    /// The image's properties, its URL site-relative (the upload's answer gives it absolute).
    private static func json(_ image: MediaRecord) -> JSONValue {
        [
            "label": .string(image.name),
            "caption": .string(image.caption),
            "credit": .string(image.credit),
            "alt_text": .string(image.altText),
            "width": .int(image.width),
            "height": .int(image.height),
            "bytes": .int(image.byteCount),
            "type": .string(image.mediaType),
            "content_hash": .string(image.contentHash),
            "url": .string(MediaLinks.path(of: image)),
            "add_date": PortableTime.json(image.addedAt),
        ]
    }

    // MARK: Names

    private static func isImageFile(_ path: [String]) -> Bool {
        Self.isFile(path) && !VideoFilesystem.isVideoFile(path)
    }

    /// Whether `path` names a file of the folder other than a properties file.
    static func isFile(_ path: [String]) -> Bool {
        path.count == 1 && !path[0].hasSuffix(Self.properties) && Self.stem(path[0]) != nil
    }

    /// `name` of `name.extension`, or nil without an extension or a name.
    static func stem(_ file: String) -> String? {
        guard let dot = file.lastIndex(of: "."), dot > file.startIndex, file.index(after: dot) < file.endIndex else { return nil }
        return String(file[..<dot])
    }

    private static func fileName(_ identity: ResourceIdentity, _ image: MediaRecord) -> String {
        identity.moniker + "." + (MediaFormat(rawValue: image.mediaType)?.fileExtension ?? image.mediaType)
    }

    /// The image `path` names, by its file or its properties.
    private static func image(_ path: [String], on connection: StoreConnection) async throws -> MediaRecord? {
        guard path.count == 1, let moniker = Self.stem(path[0]),
            let identity = try await ResourceIdentityStore.find(.media, moniker: moniker, on: connection),
            let image = try await MediaStore.find(id: identity.id, on: connection),
            path[0] == identity.moniker + Self.properties || path[0] == Self.fileName(identity, image)
        else { return nil }
        return image
    }
}
