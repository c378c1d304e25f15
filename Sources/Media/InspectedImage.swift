import Crypto
import Foundation

/// An upload that passed every check, ready to be stored: its format by its first bytes, its size
/// from its header (upright), its content hash, and proof that all of it decodes.
public struct InspectedImage: Sendable {
    public let bytes: [UInt8]
    public let format: MediaFormat
    public let width: Int
    public let height: Int
    public let hasAlpha: Bool
    /// SHA-256 of the bytes, hex.
    public let contentHash: String

    /// Checks `bytes` in the order that keeps a hostile upload cheap: the type by its first bytes, the
    /// byte count, the header's pixel count (a decompression bomb is refused here, before a single
    /// pixel is allocated), then a streaming decode of every pixel (a truncated or corrupt image is
    /// refused). Blocks its thread for the decode: call it on the ``MediaWorkshop``.
    public static func inspect(_ bytes: [UInt8], maximumBytes: Int, maximumPixels: Int) throws(MediaFailure) -> InspectedImage {
        guard !bytes.isEmpty else { throw .nothingSent }
        guard bytes.count <= maximumBytes else { throw .tooLarge(bytes: bytes.count, maximum: maximumBytes) }
        guard let format = MediaFormat(sniffing: bytes) else { throw .unsupportedType }
        guard let header = MediaCodec.header(of: bytes, as: format), header.width > 0, header.height > 0 else { throw .corrupt }
        guard header.width.multipliedReportingOverflow(by: header.height).partialValue <= maximumPixels,
            header.width <= maximumPixels, header.height <= maximumPixels
        else { throw .tooManyPixels(width: header.width, height: header.height, maximum: maximumPixels) }
        guard MediaCodec.decodes(bytes, as: format) else { throw .corrupt }
        let upright = header.upright
        return InspectedImage(
            bytes: bytes, format: format, width: upright.width, height: upright.height, hasAlpha: header.hasAlpha,
            contentHash: SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
        )
    }
}
