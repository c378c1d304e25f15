public import Routes

/// Where the files made for a ready video are served (``SiteRoute/video(hash:file:)``): paths below
/// its made folder, whose name changes with every make, so every URL is immutable.
public enum VideoLinks {
    /// The HLS master playlist (iOS, Safari); nil until the video is ready.
    public static func master(of video: VideoRecord) -> SiteRoute? {
        Self.route(of: video, "hls/master.m3u8")
    }

    /// The progressive MP4 (Android, other browsers); nil until the video is ready.
    public static func progressive(of video: VideoRecord) -> SiteRoute? {
        Self.route(of: video, "video.mp4")
    }

    /// The video's lasting link (a body links it; ``SiteRoute/videoLink(hash:)`` redirects it to the
    /// current MP4).
    public static func link(of video: VideoRecord) -> SiteRoute {
        .videoLink(hash: video.contentHash)
    }

    /// What a lasting link looks like, absolute or not, its group capturing the content hash (an ICU
    /// regular expression, as the Floki clients compile it).
    public static let linkPattern = #"/video/([0-9a-f]{64})(?:[?#]|$)"#

    /// How administrators name a video elsewhere (an article's `video`): `video:<id>`.
    public static func reference(_ id: Int) -> String {
        "video:\(id)"
    }

    /// The ID a reference names: `video:<id>`, or the ID alone.
    public static func id(inReference text: String) -> Int? {
        let digits = text.hasPrefix("video:") ? text.dropFirst("video:".count) : Substring(text)
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        return Int(digits)
    }

    private static func route(of video: VideoRecord, _ file: String) -> SiteRoute? {
        guard video.state == .ready, let folder = video.madeFolder else { return nil }
        return .video(hash: video.contentHash, file: folder + "/" + file)
    }
}
