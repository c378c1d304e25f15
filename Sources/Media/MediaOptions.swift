public import Storage

/// The options the media rules read: what an upload may be, and how much disk the versions may use.
extension ConfigOption {
    public static let mediaMaxBytes = ConfigOption(
        "media_max_bytes", .integer(1...50_000_000), default: "20000000",
        "The largest image upload, in bytes (at most 50 MB: an upload's body is read whole before it is checked)."
    )
    public static let mediaMaxPixels = ConfigOption(
        "media_max_pixels", .integer(1...100_000_000), default: "50000000",
        "The most pixels an uploaded image may have (width × height, read from its header before anything is decoded)."
    )
    public static let mediaCacheMB = ConfigOption(
        "media_cache_mb", .integer(1...10_000_000), default: "1024", .atStart,
        "Megabytes of disk each instance's cache of image versions may use; the least recently used go first."
    )
    public static let videoMaxBytes = ConfigOption(
        "video_max_bytes", .integer(1...1_099_511_627_776), default: "2147483648",
        "The largest video upload, in bytes (streamed to disk, never held in memory)."
    )
    public static let videoMaxSeconds = ConfigOption(
        "video_max_seconds", .integer(1...86_400), default: "10800",
        "The longest video accepted, in seconds, as the file itself claims before anything is made from it."
    )
    public static let mediaUploadHours = ConfigOption(
        "media_upload_hours", .integer(1...720), default: "24",
        "Hours a resumable upload may wait for its next bytes; then it and the bytes it received are removed."
    )
    public static let videoWorkers = ConfigOption(
        "video_workers", .integer(1...16), default: "1", .atStart,
        "Videos each instance makes the apps' files for at once (each ffmpeg uses every core the API leaves idle)."
    )

    /// Every option the media module declares.
    public static let declaredByMedia: [ConfigOption] = [
        .mediaMaxBytes, .mediaMaxPixels, .mediaCacheMB, .videoMaxBytes, .videoMaxSeconds, .mediaUploadHours, .videoWorkers,
    ]
}
