import CMediaCodec

/// libvips, through `CMediaCodec`: reading headers, checking that an image decodes, making versions.
/// Every call blocks its thread for as long as the image takes; the server calls it only on the
/// ``MediaWorkshop``'s threads.
public enum MediaCodec {
    /// What a header says, before any pixel is decoded.
    public struct Header: Sendable, Equatable {
        public var width: Int
        public var height: Int
        /// EXIF orientation 1…8; 5 to 8 turn the image on its side.
        public var orientation: Int
        public var hasAlpha: Bool
        /// Whether EXIF, XMP, IPTC or an ICC profile is attached.
        public var hasMetadata: Bool

        /// The size as shown, once the orientation is applied.
        public var upright: (width: Int, height: Int) {
            (5...8).contains(self.orientation) ? (self.height, self.width) : (self.width, self.height)
        }
    }

    /// A version made: its encoded bytes and size.
    public struct Made: Sendable {
        public var bytes: [UInt8]
        public var width: Int
        public var height: Int
    }

    /// The header of `bytes` read as `format`; nil when it is not one.
    public static func header(of bytes: [UInt8], as format: MediaFormat) -> Header? {
        var header = endpoint_media_header()
        let status = bytes.withUnsafeBytes { endpoint_media_read_header($0.baseAddress, $0.count, format.codecValue, &header) }
        guard status == 0 else { return nil }
        return Header(
            width: Int(header.width), height: Int(header.height), orientation: Int(header.orientation),
            hasAlpha: header.has_alpha != 0, hasMetadata: header.has_metadata != 0
        )
    }

    /// Whether every pixel of `bytes` decodes as `format` (a truncated or corrupt image does not).
    public static func decodes(_ bytes: [UInt8], as format: MediaFormat) -> Bool {
        bytes.withUnsafeBytes { endpoint_media_check_decodes($0.baseAddress, $0.count, format.codecValue) } == 0
    }

    /// `bytes` fitted within `width` × `height` (never enlarged; exactly that box when `crop`),
    /// upright, without metadata, encoded as `format`; nil when libvips fails.
    public static func make(_ bytes: [UInt8], width: Int, height: Int, crop: Bool, as format: MediaFormat, quality: Int = 82) -> Made? {
        var output: UnsafeMutableRawPointer?
        var length = 0
        var madeWidth: Int32 = 0
        var madeHeight: Int32 = 0
        let status = bytes.withUnsafeBytes {
            endpoint_media_make(
                $0.baseAddress, $0.count, Int32(width), Int32(height), crop ? 1 : 0, format.codecValue, Int32(quality), &output, &length,
                &madeWidth, &madeHeight
            )
        }
        guard status == 0, let output else { return nil }
        defer { endpoint_media_free(output) }
        return Made(bytes: Array(UnsafeRawBufferPointer(start: output, count: length)), width: Int(madeWidth), height: Int(madeHeight))
    }

    /// The band values of pixel (`x`, `y`) of an encoded image, for checking what was made.
    public static func pixel(of bytes: [UInt8], x: Int, y: Int) -> [Double]? {
        var values = [Double](repeating: 0, count: 4)
        let count = bytes.withUnsafeBytes { buffer in
            values.withUnsafeMutableBufferPointer { endpoint_media_pixel(buffer.baseAddress, buffer.count, Int32(x), Int32(y), $0.baseAddress, 4) }
        }
        return count > 0 ? Array(values.prefix(Int(count))) : nil
    }
}
