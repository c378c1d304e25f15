import CMediaCodec
import Foundation

/// The image formats the server accepts and serves, told apart by their first bytes (never by a file
/// name or a declared content type, which a client chooses).
public enum MediaFormat: String, Sendable, CaseIterable {
    case jpeg
    case png
    case webp
    case gif

    /// The format `bytes` start like; nil for anything else (SVG, PDF, HEIC, text…).
    public init?(sniffing bytes: some Collection<UInt8>) {
        let head = Array(bytes.prefix(12))
        if head.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if head.count == 12, head.starts(with: Array("RIFF".utf8)), head[8...].elementsEqual("WEBP".utf8) {
            self = .webp
        } else if head.starts(with: Array("GIF87a".utf8)) || head.starts(with: Array("GIF89a".utf8)) {
            self = .gif
        } else {
            return nil
        }
    }

    /// The extension URLs and file names carry.
    public var fileExtension: String {
        switch self {
        case .jpeg: "jpg"
        case .png: "png"
        case .webp: "webp"
        case .gif: "gif"
        }
    }

    public var contentType: String { "image/\(self.rawValue)" }

    /// The format versions are served in when the client does not take WebP: PNG for what may be
    /// transparent or drawn (PNG, GIF, WebP with alpha), JPEG for photographs.
    static func fallback(for source: MediaFormat, hasAlpha: Bool) -> MediaFormat {
        switch source {
        case .png, .gif: .png
        case .jpeg: .jpeg
        case .webp: hasAlpha ? .png : .jpeg
        }
    }

    /// The format to serve a version of `source` in for a request that sent `accept`: WebP when the
    /// client names `image/webp` (with a non-zero q) and the version is at most `largestWebP` pixels,
    /// else ``fallback(for:hasAlpha:)``. Wildcards do not count: old iOS sends `*/*` and decodes no
    /// WebP. A larger version (an original of many megapixels) is JPEG or PNG, which libvips writes
    /// row by row, where WebP is encoded whole in memory (over 100 MB for 12 megapixels).
    public static func served(
        for source: MediaFormat, hasAlpha: Bool, accept: String?, pixels: Int = 0, largestWebP: Int = .max
    ) -> MediaFormat {
        Self.acceptsWebP(accept) && pixels <= largestWebP ? .webp : Self.fallback(for: source, hasAlpha: hasAlpha)
    }

    static func acceptsWebP(_ accept: String?) -> Bool {
        guard let accept else { return false }
        for range in accept.split(separator: ",") {
            let parameters = range.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard parameters.first == "image/webp" else { continue }
            let quality = parameters.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            return quality > 0
        }
        return false
    }

    var codecValue: Int32 {
        switch self {
        case .jpeg: Int32(ENDPOINT_MEDIA_JPEG.rawValue)
        case .png: Int32(ENDPOINT_MEDIA_PNG.rawValue)
        case .webp: Int32(ENDPOINT_MEDIA_WEBP.rawValue)
        case .gif: Int32(ENDPOINT_MEDIA_GIF.rawValue)
        }
    }
}
