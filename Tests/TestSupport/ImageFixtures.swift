import Foundation

/// The images media tests upload: small files made once by `scripts/make-image-fixtures.py`
/// (`Fixtures/`), and PNG headers built here for sizes no file should have.
public enum ImageFixtures {
    /// Stored 120 × 80 with EXIF orientation 6, a GPS position and a camera serial number
    /// (`SERIAL-0042`): shown upright it is 80 × 120, red above blue.
    public static let sidewaysWithGPS = "sideways-with-gps.jpg"
    /// 300 × 100: red, green, red thirds.
    public static let wideGreenCentre = "wide-green-centre.png"
    /// 1200 × 900 JPEG.
    public static let landscape = "landscape-1200x900.jpg"
    /// 40 × 40 PNG with transparency.
    public static let transparent = "transparent.png"
    /// 64 × 48 GIF: a yellow frame, then a black one.
    public static let twoFrames = "two-frames.gif"
    /// 64 × 48 WebP.
    public static let green = "green.webp"
    /// 1024 × 1024 PNG, a square for app icons.
    public static let icon = "icon-1024.png"

    /// The bytes of fixture `name`.
    public static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: self.url(name)))
    }

    public static func url(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures").appendingPathComponent(name)
    }

    /// The start of a PNG claiming `width` × `height` RGBA pixels: a valid signature and `IHDR` chunk
    /// (with its CRC) and a few bytes of an `IDAT` that never completes. A decoder that trusted the
    /// header would allocate width × height × 4 bytes.
    public static func pngHeader(width: UInt32, height: UInt32) -> [UInt8] {
        var ihdr: [UInt8] = Array("IHDR".utf8)
        ihdr += Self.bigEndian(width) + Self.bigEndian(height) + [8, 6, 0, 0, 0]
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png += Self.bigEndian(13) + ihdr + Self.bigEndian(Self.crc32(ihdr))
        let idat: [UInt8] = Array("IDAT".utf8) + [0x78, 0x9C, 0xED, 0xC1, 0x01, 0x0D, 0x00, 0x00]
        png += Self.bigEndian(UInt32(idat.count - 4)) + idat + Self.bigEndian(Self.crc32(idat))
        return png
    }

    /// A `width` × `height` PNG of noise (RGB, stored without compression, so its versions are as
    /// large): a version several megabytes long, for clients that do not read what they asked for.
    public static func noisePNG(width: Int, height: Int) -> [UInt8] {
        var raw: [UInt8] = []
        raw.reserveCapacity(height * (1 + 3 * width))
        var state: UInt32 = 2_463_534_242
        for _ in 0..<height {
            raw.append(0)
            for _ in 0..<(3 * width) {
                state ^= state << 13
                state ^= state >> 17
                state ^= state << 5
                raw.append(UInt8(truncatingIfNeeded: state))
            }
        }
        // zlib: a header, stored deflate blocks of at most 65,535 bytes, the Adler-32 of the data.
        var zlib: [UInt8] = [0x78, 0x01]
        var start = 0
        while start < raw.count {
            let count = min(65_535, raw.count - start)
            zlib += [start + count == raw.count ? 1 : 0, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8(~count >> 8 & 0xFF)]
            zlib += raw[start..<start + count]
            start += count
        }
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in raw {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        zlib += Self.bigEndian(b << 16 | a)
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        for (type, data) in [("IHDR", Self.bigEndian(UInt32(width)) + Self.bigEndian(UInt32(height)) + [8, 2, 0, 0, 0]), ("IDAT", zlib), ("IEND", [])] {
            let chunk = Array(type.utf8) + data
            png += Self.bigEndian(UInt32(data.count)) + chunk + Self.bigEndian(Self.crc32(chunk))
        }
        return png
    }

    /// The first `fraction` of fixture `name`'s bytes: an image cut off in transfer.
    public static func truncated(_ name: String, fraction: Double = 0.6) throws -> [UInt8] {
        let bytes = try self.bytes(name)
        return Array(bytes.prefix(Int(Double(bytes.count) * fraction)))
    }

    /// Whether `text` occurs anywhere in `bytes` (metadata a served file must not carry).
    public static func contains(_ bytes: [UInt8], _ text: String) -> Bool {
        let needle = Array(text.utf8)
        return bytes.indices.contains { bytes[$0...].starts(with: needle) }
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// CRC-32 as PNG chunks carry it (ISO 3309, reflected, polynomial 0xEDB88320), a byte at a time.
    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = Self.crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }

    private static let crcTable: [UInt32] = (0..<256).map { index in
        var crc = UInt32(index)
        for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        return crc
    }
}
