import Media
import Messages

/// The images a console form posts (its `images` files), each checked by the media library's rules
/// before anything is stored, named from the file the browser sent; refused when none was chosen.
enum PostedImages {
    static func inspected(_ request: ConsoleRequest, by uploads: MediaUploads) async throws -> [(image: InspectedImage, name: String)] {
        let files = request.files.filter { $0.name == "images" && !$0.bytes.isEmpty }
        guard !files.isEmpty else { throw Refusal.invalid(.consoleChooseImage) }
        var inspected: [(image: InspectedImage, name: String)] = []
        for file in files { inspected.append((try await uploads.inspect(Array(file.bytes)), UploadName.stem(file.fileName, fallback: "image"))) }
        return inspected
    }
}
