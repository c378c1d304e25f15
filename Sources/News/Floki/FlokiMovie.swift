import EndpointCore
import Media
import Messages
import Routes
import Storage

/// A ready video as the Floki clients' movie controller reads it (the protocol's
/// `Movie_view_controller` class data), written once for every item that opens one: an article's in
/// the news feeds, and a video's own for `videos_url`. `url` is the HLS master playlist (iOS hands
/// it to the controller as `main_url` and plays it); `data` holds the progressive MP4 (Android plays
/// it), the poster at the device's size with that size, the title and the text.
struct FlokiMovie {
    let json: NewsJSON

    static let classType = "Movie_view_controller"

    /// The item's `url`, `class_type` and `data` for `shown`; nil until the video is ready.
    func fields(_ shown: ShownVideo, title: String, text: String) -> [(key: String, value: JSONValue)]? {
        guard let master = VideoLinks.master(of: shown.video), let mp4 = VideoLinks.progressive(of: shown.video) else { return nil }
        var data: [(key: String, value: JSONValue)] = [("progressive_file", .string(mp4.url(on: self.json.publicURL)))]
        if let poster = shown.poster(for: self.json.device, on: self.json.publicURL) {
            data += [("preview_url", .string(poster.url)), ("preview_width", .int(poster.width)), ("preview_height", .int(poster.height))]
        }
        data += [("title", .string(title)), ("text", .string(text))]
        return [("url", .string(master.url(on: self.json.publicURL))), ("class_type", .string(Self.classType)), ("data", .object(data))]
    }
}

extension FlokiMovie {
    /// `video/<content hash>` (what `videos_url` opens for a video's lasting link): `{"items": [one
    /// movie item]}`, as iOS reads it (`FLMovie_view_controller` `process_response`: the first item's
    /// `data`, its `url` as `main_url`, its `title` and `body` where `data` has none). A video not
    /// ready, or none, is not found.
    func video(_ contentHash: String, on connection: StoreConnection) async throws -> NewsAnswers.Answer {
        guard MediaLinks.isContentHash(contentHash), let shown = try await VideoStore.shown(contentHash: contentHash, on: connection) else {
            throw Refusal.notFound(.videoNoSuchFile, contentHash)
        }
        let title = shown.video.caption.isEmpty ? shown.video.name : shown.video.caption
        guard let fields = self.fields(shown, title: title, text: shown.video.credit) else { throw Refusal.notFound(.videoNoSuchFile, contentHash) }
        let item: [(key: String, value: JSONValue)] = [
            ("id", .int(shown.video.id)), ("sort_id", .int(shown.video.id)), ("title", .string(title)), ("body", .string(shown.video.credit)),
        ]
        return NewsAnswers.Answer(data: ["items": [.object(item + fields)], "to_delete": [], "has_older": false], lastModified: nil)
    }
}
