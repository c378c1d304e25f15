import ArgumentParser
import Foundation
import Logging
import Media
import Messages
import Storage

/// `endpoint media add FILE`: checks an image as an upload is checked and stores it; prints its ID
/// and path (the same bytes stored before print the image they are).
struct MediaAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add an image (JPEG, PNG, WebP or GIF); prints its ID and path.",
        discussion: "Articles show it as media:<ID>. The limits are media_max_bytes and media_max_pixels."
    )

    @OptionGroup var databaseOptions: DatabaseOptions

    @Argument(help: "The image file.")
    var file: String

    @Option(help: "Its name (default: the file's name without its extension).")
    var name: String?

    @Option(help: "Its caption.")
    var caption: String?

    @Option(help: "Who to credit for it.")
    var credit: String?

    @Option(help: "Its text alternative, for readers who cannot see it.")
    var altText: String?

    func run() async throws {
        let url = URL(fileURLWithPath: self.file)
        guard let data = FileManager.default.contents(atPath: url.path) else { throw CommandFailure("Cannot read \(self.file).") }
        let name = self.name ?? url.deletingPathExtension().lastPathComponent
        let logger = Logger(label: "endpoint.media")
        let workshop = MediaWorkshop(threads: 1, maximumPending: 1)
        defer { Task { try? await workshop.shutdown() } }
        let (image, created) = try await self.databaseOptions.withDatabase(logger: logger) { database in
            try await self.databaseOptions.migrate(database, logger: logger)
            let uploads = MediaUploads(database: database, config: try await ConfigStore.load(from: database, clock: .system), workshop: workshop)
            do {
                return try await uploads.add(
                    Array(data), name: name, properties: MediaChanges(caption: self.caption, credit: self.credit, altText: self.altText), addedBy: nil
                )
            } catch let failure as MediaFailure {
                throw CommandFailure(MessageCatalog.english.text(failure.message, failure.arguments))
            }
        }
        print("\(created ? "added" : "already stored"): media:\(image.id) \(MediaLinks.path(of: image))")
    }
}
