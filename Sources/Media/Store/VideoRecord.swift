/// An uploaded video as stored: what `ffprobe` found in it and what administrators say about it. Its
/// bytes are a file of the media store (``MediaStoreFolder/original(of:)``).
public struct VideoRecord: Sendable, Equatable {
    /// Where a video is on its way to the apps.
    public enum State: String, Sendable {
        /// Checked and kept; what the apps play is not made yet.
        case queued
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
    public var caption: String
    public var credit: String
    public var addedBy: Int?
    public var addedAt: Int
}
