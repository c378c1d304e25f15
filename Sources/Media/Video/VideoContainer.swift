/// The containers a video may come in, told by its first bytes (never by its name): an MP4 or
/// QuickTime file opens with a box whose type is `ftyp` (or, in old QuickTime files, another
/// top-level box), a Matroska or WebM file with EBML's magic number.
enum VideoContainer: String, Sendable, CaseIterable {
    case mp4
    case matroska

    /// The demuxers `ffprobe` and `ffmpeg` may open it with, and the format name `ffprobe` reports.
    var demuxers: String {
        switch self {
        case .mp4: "mov,mp4,m4a,3gp,3g2,mj2"
        case .matroska: "matroska,webm"
        }
    }

    /// The extension its kept original is named with.
    var fileExtension: String {
        switch self {
        case .mp4: "mp4"
        case .matroska: "mkv"
        }
    }

    /// The media type of a file of this container.
    var mediaType: String {
        switch self {
        case .mp4: "video/mp4"
        case .matroska: "video/x-matroska"
        }
    }

    /// Its reader's options: QuickTime's references to other files (`dref` boxes) are never followed.
    var readerOptions: [String] {
        switch self {
        case .mp4: ["-enable_drefs", "0"]
        case .matroska: []
        }
    }

    /// The bytes a file of this container must start with.
    init?(sniffing head: some Collection<UInt8>) {
        let bytes = Array(head.prefix(12))
        if bytes.starts(with: [0x1A, 0x45, 0xDF, 0xA3]) {
            self = .matroska
        } else if bytes.count >= 8, Self.quickTimeBoxes.contains(String(decoding: bytes[4..<8], as: UTF8.self)) {
            self = .mp4
        } else {
            return nil
        }
    }

    /// The top-level boxes an MP4 or QuickTime file may open with.
    private static let quickTimeBoxes: Set<String> = ["ftyp", "moov", "mdat", "wide", "free", "skip"]
}

extension VideoRecord {
    /// The extension its kept original is named with, by its container.
    public var fileExtension: String { VideoContainer(rawValue: self.container)?.fileExtension ?? self.container }

    /// The media type of its kept original.
    public var mediaType: String { VideoContainer(rawValue: self.container)?.mediaType ?? "application/octet-stream" }
}
