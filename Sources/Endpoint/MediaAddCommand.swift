import ArgumentParser
import EndpointServer
import Foundation
import Logging
import Media
import Messages
import Storage

/// `endpoint media add FILE`: checks an image or a video as an upload is checked and stores it;
/// prints what it is (the same bytes stored before print the image or video they are). A file named
/// as a video, or opening like one, is a video.
struct MediaAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add an image (JPEG, PNG, WebP or GIF) or a video (MP4, QuickTime, Matroska or WebM); prints what was added.",
        discussion: """
            Articles show an image as media:<ID>. The limits are media_max_bytes and media_max_pixels for images, and video_max_bytes, \
            video_max_seconds and 4096 pixels either way for videos, which are checked by Debian's ffprobe and ffmpeg and kept in the \
            media store.
            """
    )

    @OptionGroup var databaseOptions: DatabaseOptions

    @OptionGroup var mediaStoreOptions: MediaStoreOptions

    @Argument(help: "The image or video file.")
    var file: String

    @Option(help: "Its name (default: the file's name without its extension).")
    var name: String?

    @Option(help: "Its caption.")
    var caption: String?

    @Option(help: "Who to credit for it.")
    var credit: String?

    @Option(help: "Its text alternative, for readers who cannot see it (images).")
    var altText: String?

    func run() async throws {
        let url = URL(fileURLWithPath: self.file)
        guard let handle = FileHandle(forReadingAtPath: url.path) else { throw CommandFailure("Cannot read \(self.file).") }
        let head = Array(try handle.read(upToCount: 12) ?? Data())
        try? handle.close()
        if VideoUploads.fileExtensions.contains(url.pathExtension.lowercased()) || VideoUploads.looksLikeVideo(head) {
            return try await self.addVideo(FileChunks(path: url.path), name: self.name ?? url.deletingPathExtension().lastPathComponent)
        }
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

    /// Keeps the video in the media store, queued for what the apps play.
    private func addVideo(_ chunks: FileChunks, name: String) async throws {
        let logger = Logger(label: "endpoint.media")
        let store = self.mediaStoreOptions.folder
        let (video, created) = try await self.databaseOptions.withDatabase(logger: logger) { database in
            try await self.databaseOptions.migrate(database, logger: logger)
            let uploads = VideoUploads(database: database, config: try await ConfigStore.load(from: database, clock: .system), folder: store)
            do {
                return try await uploads.add(chunks, name: name, caption: self.caption, credit: self.credit, addedBy: nil)
            } catch let failure as VideoFailure {
                throw CommandFailure(MessageCatalog.english.text(failure.message, failure.arguments))
            }
        }
        print(
            "\(created ? "added" : "already stored"): video:\(video.id) \(video.width)×\(video.height), \(video.durationMilliseconds) ms, \(video.state.rawValue)"
        )
    }
}
