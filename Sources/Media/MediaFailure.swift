import Foundation
public import Messages

/// Why an image was refused or could not be served, with the catalog's sentence for it.
public enum MediaFailure: Error, Equatable, Sendable {
    /// Not a JPEG, PNG, WebP or GIF (by its first bytes).
    case unsupportedType
    /// More bytes than `media_max_bytes`.
    case tooLarge(bytes: Int, maximum: Int)
    /// More pixels than `media_max_pixels`, judged from the header before anything is decoded.
    case tooManyPixels(width: Int, height: Int, maximum: Int)
    /// The header or the pixels do not decode (truncated, corrupt).
    case corrupt
    /// A request for an upload without any bytes.
    case nothingSent
    /// A version that is not made (`s` not among the sizes, `d` and `s` together).
    case unknownVersion(String)
    /// `media:<id>` or an image URL, in something written, naming no stored image.
    case unknownReference(String)
    /// An image URL asked for that no stored image has.
    case noSuchImage(String)
    /// The image is shown by an article (named), so it is not deleted.
    case inUse(article: String)
    /// The version workshop has as much work waiting as it may: try again shortly.
    case busy

    public var message: MessageID {
        switch self {
        case .unsupportedType: .mediaUnsupportedType
        case .tooLarge: .mediaTooLarge
        case .tooManyPixels: .mediaTooManyPixels
        case .corrupt: .mediaCorrupt
        case .nothingSent: .mediaNothingSent
        case .unknownVersion: .mediaUnknownVersion
        case .unknownReference, .noSuchImage: .mediaNoSuchImage
        case .inUse: .mediaInUse
        case .busy: .serverBusy
        }
    }

    public var arguments: [String] {
        switch self {
        case .unsupportedType, .corrupt, .nothingSent, .busy: []
        case .tooLarge(let bytes, let maximum): [Self.megabytes(bytes), Self.megabytes(maximum)]
        case .tooManyPixels(let width, let height, let maximum): [String(width), String(height), Self.megapixels(maximum)]
        case .unknownVersion(let version): [version, MediaVersion.squareSizes.map(String.init).joined(separator: ", ")]
        case .unknownReference(let reference), .noSuchImage(let reference): [reference]
        case .inUse(let article): [article]
        }
    }

    /// Seconds to wait before trying again, for a busy workshop.
    public var retryAfterSeconds: Int? { self == .busy ? 2 : nil }

    private static func megabytes(_ bytes: Int) -> String {
        String(format: "%.1f", Double(bytes) / 1_000_000)
    }

    private static func megapixels(_ pixels: Int) -> String {
        String(format: "%.0f", Double(pixels) / 1_000_000)
    }
}

extension MediaFailure: RefusalConvertible {
    /// What each failure is: a refused upload or write is a value refused; an image URL naming no
    /// image is not found and an unknown version malformed; a full version workshop cannot serve now.
    public var refusal: Refusal {
        let kind: Refusal.Kind =
            switch self {
            case .noSuchImage: .notFound
            case .unknownVersion: .malformed
            case .busy: .unavailable
            case .unsupportedType, .tooLarge, .tooManyPixels, .corrupt, .nothingSent, .unknownReference, .inUse: .invalid
            }
        return Refusal(kind, self.message, self.arguments, retryAfterSeconds: self.retryAfterSeconds)
    }
}
