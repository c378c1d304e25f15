import Foundation
import Media
import TestSupport
import Testing

/// libvips through the C module, on the fixtures: what is read from headers, and what versions look
/// like once decoded again.
@Suite struct MediaCodecTests {
    @Test func aSidewaysPhotographIsMadeUprightWithoutItsMetadata() throws {
        let bytes = try ImageFixtures.bytes(ImageFixtures.sidewaysWithGPS)
        let header = try #require(MediaCodec.header(of: bytes, as: .jpeg))
        #expect(header.width == 120 && header.height == 80 && header.orientation == 6 && header.hasMetadata)
        #expect(header.upright == (80, 120))

        let made = try #require(MediaCodec.make(bytes, width: 10_000_000, height: 10_000_000, crop: false, as: .jpeg))
        #expect(made.width == 80 && made.height == 120)
        let served = try #require(MediaCodec.header(of: made.bytes, as: .jpeg))
        #expect(served.orientation == 1 && !served.hasMetadata)
        #expect(!ImageFixtures.contains(made.bytes, "Exif") && !ImageFixtures.contains(made.bytes, "SERIAL-0042"))
        let top = try #require(MediaCodec.pixel(of: made.bytes, x: 40, y: 20))
        let bottom = try #require(MediaCodec.pixel(of: made.bytes, x: 40, y: 100))
        #expect(top[0] > 150 && top[2] < 100, "red on top: \(top)")
        #expect(bottom[2] > 150 && bottom[0] < 100, "blue below: \(bottom)")
    }

    /// Every saved format leaves the metadata out: libvips 8.14's WebP saver wrote the EXIF blob (GPS
    /// position, camera, serial) even when asked to strip (security review 2, finding 2).
    @Test(arguments: [MediaFormat.jpeg, .png, .webp])
    func noSavedFormatKeepsMetadata(format: MediaFormat) throws {
        let bytes = try ImageFixtures.bytes(ImageFixtures.sidewaysWithGPS)
        for (width, crop) in [(10_000_000, false), (40, false), (30, true)] {
            let made = try #require(MediaCodec.make(bytes, width: width, height: width, crop: crop, as: format))
            let header = try #require(MediaCodec.header(of: made.bytes, as: format))
            #expect(!header.hasMetadata, "\(format) \(width)")
            for marker in ["Exif", "EXIF", "SERIAL-0042", "GPS", "XMP", "ICCP"] {
                #expect(!ImageFixtures.contains(made.bytes, marker), "\(format) \(width) holds \(marker)")
            }
        }
    }

    /// Only the JPEG, PNG, WebP and GIF loaders run: the thumbnailer picks its loader by sniffing, and
    /// a TIFF (or HEIF, PDF, or anything ImageMagick reads) never reaches one.
    @Test func noOtherLoaderReadsBytes() throws {
        #expect(MediaCodec.make(Self.grayTIFF, width: 10, height: 10, crop: false, as: .png) == nil)
        #expect(MediaCodec.make(try ImageFixtures.bytes(ImageFixtures.transparent), width: 10, height: 10, crop: false, as: .png) != nil)
    }

    /// A one-pixel grey TIFF, little-endian and uncompressed, written out field by field.
    static let grayTIFF: [UInt8] = {
        func short(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
        func long(_ value: Int) -> [UInt8] { short(value & 0xFFFF) + short(value >> 16) }
        // Tag, type (3: SHORT, 4: LONG), value.
        let entries: [(Int, Int, Int)] = [
            (256, 3, 1), (257, 3, 1), (258, 3, 8), (259, 3, 1), (262, 3, 1), (273, 4, 122), (277, 3, 1), (278, 3, 1), (279, 4, 1),
        ]
        var bytes: [UInt8] = [0x49, 0x49, 0x2A, 0x00] + long(8) + short(entries.count)
        for (tag, type, value) in entries {
            bytes += short(tag) + short(type) + long(1) + (type == 3 ? short(value) + [0, 0] : long(value))
        }
        return bytes + long(0) + [0x80]
    }()

    @Test func aSquareThumbnailShowsTheCentre() throws {
        let bytes = try ImageFixtures.bytes(ImageFixtures.wideGreenCentre)
        let made = try #require(MediaCodec.make(bytes, width: 75, height: 75, crop: true, as: .png))
        #expect(made.width == 75 && made.height == 75)
        let centre = try #require(MediaCodec.pixel(of: made.bytes, x: 37, y: 37))
        #expect(centre[1] > 150 && centre[0] < 100, "green centre: \(centre)")
    }

    @Test func aGIFIsReadAsItsFirstFrame() throws {
        let bytes = try ImageFixtures.bytes(ImageFixtures.twoFrames)
        let made = try #require(MediaCodec.make(bytes, width: 32, height: 10_000_000, crop: false, as: .png))
        #expect(made.width == 32 && made.height == 24)
        let pixel = try #require(MediaCodec.pixel(of: made.bytes, x: 10, y: 10))
        #expect(pixel[0] > 200 && pixel[1] > 150, "the yellow first frame: \(pixel)")
    }

    @Test func aTruncatedImageHasAHeaderButDoesNotDecode() throws {
        let whole = try ImageFixtures.bytes(ImageFixtures.landscape)
        let cut = try ImageFixtures.truncated(ImageFixtures.landscape)
        #expect(MediaCodec.decodes(whole, as: .jpeg))
        #expect(MediaCodec.header(of: cut, as: .jpeg) != nil)
        #expect(!MediaCodec.decodes(cut, as: .jpeg))
    }

    @Test func aHugePNGHeaderIsReadWithoutItsPixels() throws {
        let header = try #require(MediaCodec.header(of: ImageFixtures.pngHeader(width: 20_000, height: 20_000), as: .png))
        #expect(header.width == 20_000 && header.height == 20_000)
    }
}
