/// A resumable upload as recorded (`video_uploads`).
struct ResumableUpload: Sendable {
    /// SHA-256 (hex) of the token its URL holds.
    let key: String
    let memberID: Int
    let length: Int
    var received: Int
    let name: String
    let caption: String
    let credit: String
    let createdAt: Int
    var expiresAt: Int
    var writer: String?
    var heardAt: Int?
    var videoID: Int?
}
