import Foundation
import Media
import Messages
import News
import Storage

/// The old site's images, brought into the media library as the articles and categories that show
/// them are imported: an article's image, a category's, and the images and attachments of bodies
/// (renamed there to the library's). A file not among the files given, or one the library refuses,
/// is reported; an image elsewhere on the web stays as it is.
struct ComposrImages {
    let files: ComposrFiles
    let uploads: MediaUploads
    /// Attachments by Composr's ID (their files are named in bodies by ID).
    let attachments: [Int: ComposrAttachment]
    /// Each file already looked at, by the reference that named it: what it became.
    private var seen: [String: MediaRecord?] = [:]
    /// `media_max_bytes`, read at the first file (no file is read further).
    private var maximumBytes: Int?

    init(files: ComposrFiles, uploads: MediaUploads, attachments: [Int: ComposrAttachment]) {
        self.files = files
        self.uploads = uploads
        self.attachments = attachments
    }

    /// The library's image for the file `reference` names, stored if new; nil when it names no file
    /// of the site (an external image) or one that could not be taken (reported as `owner`'s).
    mutating func image(
        _ reference: String, caption: String = "", for owner: String, _ report: inout ImportReport, on connection: StoreConnection
    ) async throws -> MediaRecord? {
        if let known = self.seen[reference] { return known }
        if self.maximumBytes == nil { self.maximumBytes = try await self.uploads.maximumBytes() }
        let maximumBytes = self.maximumBytes ?? 0
        var stored: MediaRecord?
        switch self.files.file(reference, maximumBytes: maximumBytes) {
        case .external:
            return nil
        case .missing:
            report.add(.files, .leftOut)
            report.note("\(owner): file not found: \(reference)")
        case .file(let bytes, let name):
            do {
                let inspected = try await self.uploads.inspect(bytes)
                let (image, created) = try await self.uploads.store(
                    inspected, name: name, properties: MediaChanges(caption: caption), addedBy: nil, on: connection)
                report.add(.files, created ? .imported : .matched)
                stored = image
            } catch let failure as MediaFailure {
                report.add(.files, .leftOut)
                report.note("\(owner): \(reference): \(MessageCatalog.english.text(failure.message, failure.arguments))")
            }
        }
        self.seen[reference] = .some(stored)
        return stored
    }

    /// `comcode` with the images and attachments it names renamed to the library's (`media:<id>`);
    /// those not found are kept as written, and reported.
    mutating func renamingFiles(in comcode: String, for owner: String, _ report: inout ImportReport, on connection: StoreConnection)
        async throws -> String
    {
        guard comcode.contains("[") else { return comcode }
        var images = self
        let renamed = try await ComcodeFileReferences.renaming(comcode) { kind, content in
            switch kind {
            case .image:
                return try await images.image(content, for: owner, &report, on: connection).map { "media:\($0.id)" }
            case .attachment:
                guard let id = Int(content.trimmingCharacters(in: .whitespaces)), let attachment = images.attachments[id] else {
                    report.note("\(owner): attachment \(content) not found")
                    return nil
                }
                return try await images.image(attachment.url, caption: attachment.description, for: owner, &report, on: connection).map {
                    String($0.id)
                }
            }
        }
        self = images
        return renamed
    }
}
