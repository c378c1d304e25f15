/// An uploaded video as stored: what `ffprobe` found in it and what administrators say about it. Its
/// bytes are a file of the media store (``MediaStoreFolder/original(of:)``).
public struct VideoRecord: Sendable, Equatable {
    /// Where a video is on its way to the apps.
    public enum State: String, Sendable {
        /// Checked and kept; its job waits for a worker.
        case queued
        /// A worker is making what the apps play (``VideoRecord/progress`` percent done).
        case processing
        /// Everything the apps play is made (``VideoRecord/madeFolder``).
        case ready
        /// Given up (``VideoRecord/failure`` says why).
        case failed
    }

    public var id: Int
    /// SHA-256 of the original bytes, hex: the video's identity and the name of its folder.
    public var contentHash: String
    /// The name it was uploaded as, without its extension (its label).
    public var name: String
    /// `mp4` or `matroska`.
    public var container: String
    /// The size as shown (upright).
    public var width: Int
    public var height: Int
    public var durationMilliseconds: Int
    public var hasSound: Bool
    public var byteCount: Int
    public var state: State
    /// Percent done while processing.
    public var progress: Int = 0
    /// Why it failed, for administrators.
    public var failure: String = ""
    /// Once ready: the folder below the video's own holding what the apps play.
    public var madeFolder: String?
    /// Once ready: the poster frame, an image of the library.
    public var posterMediaID: Int?
    public var caption: String
    public var credit: String
    public var addedBy: Int?
    public var addedAt: Int
}
