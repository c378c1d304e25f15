import Foundation
public import Messages

/// Why a video upload was refused, or a video file could not be served, with the catalog's sentence
/// for it. Nothing of a refused upload is kept.
public enum VideoFailure: Error, Equatable, Sendable {
    /// Not an MP4, QuickTime, Matroska or WebM file by its content (an HLS playlist, a concat list,
    /// anything else), whatever its name says.
    case unsupportedType
    /// A container with no moving picture in it (only sound, or only a cover image).
    case noPicture
    /// Longer than `video_max_seconds`, as the file itself claims.
    case tooLong(seconds: Double, maximum: Int)
    /// Wider or taller than ``InspectedVideo/maximumSide``.
    case frameTooLarge(width: Int, height: Int)
    /// More bytes than `video_max_bytes`.
    case tooLarge(bytes: Int, maximum: Int)
    /// A known container that does not read through (truncated, corrupt), or one its reader gave up on
    /// within its limits.
    case corrupt
    /// A video file asked for that is not listed as made (a URL of no video, or of another make).
    case noSuchFile(String)
    /// The video is shown by an article (named), so it is not deleted.
    case inUse(article: String)

    public var message: MessageID {
        switch self {
        case .unsupportedType: .videoUnsupportedType
        case .noPicture: .videoNoPicture
        case .tooLong: .videoTooLong
        case .frameTooLarge: .videoFrameTooLarge
        case .tooLarge: .videoTooLarge
        case .corrupt: .videoCorrupt
        case .noSuchFile: .videoNoSuchFile
        case .inUse: .videoInUse
        }
    }

    public var arguments: [String] {
        switch self {
        case .unsupportedType, .noPicture, .corrupt: []
        case .tooLong(let seconds, let maximum): [Self.minutes(seconds), Self.minutes(Double(maximum))]
        case .frameTooLarge(let width, let height): [String(width), String(height), String(InspectedVideo.maximumSide)]
        case .tooLarge(let bytes, let maximum): [Self.megabytes(bytes), Self.megabytes(maximum)]
        case .noSuchFile(let file): [file]
        case .inUse(let article): [article]
        }
    }

    private static func minutes(_ seconds: Double) -> String {
        String(format: "%.0f", (seconds / 60).rounded(.up))
    }

    private static func megabytes(_ bytes: Int) -> String {
        String(format: "%.1f", Double(bytes) / 1_000_000)
    }
}

extension VideoFailure: RefusalConvertible {
    /// A refused upload is a value refused; a file asked for that is not made is not found.
    public var refusal: Refusal {
        guard case .noSuchFile = self else { return Refusal(.invalid, self.message, self.arguments) }
        return Refusal(.notFound, self.message, self.arguments)
    }
}
