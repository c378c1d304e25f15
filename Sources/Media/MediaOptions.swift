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

    /// Every option the media module declares.
    public static let declaredByMedia: [ConfigOption] = [.mediaMaxBytes, .mediaMaxPixels, .mediaCacheMB]
}
