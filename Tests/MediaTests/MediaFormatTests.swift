import Media
import Testing

@Suite struct MediaFormatTests {
    @Test func formatsAreToldApartByTheirFirstBytes() {
        #expect(MediaFormat(sniffing: [0xFF, 0xD8, 0xFF, 0xE0]) == .jpeg)
        #expect(MediaFormat(sniffing: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0]) == .png)
        #expect(MediaFormat(sniffing: Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8)) == .webp)
        #expect(MediaFormat(sniffing: Array("GIF89a".utf8)) == .gif)
        #expect(MediaFormat(sniffing: Array("<svg xmlns=".utf8)) == nil)
        #expect(MediaFormat(sniffing: Array("RIFF\u{0}\u{0}\u{0}\u{0}WAVE".utf8)) == nil)
        #expect(MediaFormat(sniffing: []) == nil)
    }

    @Test func webPIsServedOnlyToClientsThatNameIt() {
        #expect(MediaFormat.served(for: .jpeg, hasAlpha: false, accept: "image/avif,image/webp,*/*") == .webp)
        #expect(MediaFormat.served(for: .jpeg, hasAlpha: false, accept: "*/*") == .jpeg)
        #expect(MediaFormat.served(for: .jpeg, hasAlpha: false, accept: "image/webp;q=0, image/*") == .jpeg)
        #expect(MediaFormat.served(for: .png, hasAlpha: false, accept: nil) == .png)
        #expect(MediaFormat.served(for: .gif, hasAlpha: false, accept: "image/png") == .png)
        #expect(MediaFormat.served(for: .webp, hasAlpha: true, accept: "image/jpeg") == .png)
        #expect(MediaFormat.served(for: .webp, hasAlpha: false, accept: "image/jpeg") == .jpeg)
    }

    /// WebP is encoded whole in memory: a version of many megapixels goes out as JPEG or PNG, which
    /// libvips writes row by row.
    @Test func largeVersionsAreNeverWebP() {
        #expect(MediaFormat.served(for: .jpeg, hasAlpha: false, accept: "image/webp", pixels: 4_000_000, largestWebP: 4_000_000) == .webp)
        #expect(MediaFormat.served(for: .jpeg, hasAlpha: false, accept: "image/webp", pixels: 12_000_000, largestWebP: 4_000_000) == .jpeg)
        #expect(MediaFormat.served(for: .png, hasAlpha: true, accept: "image/webp", pixels: 12_000_000, largestWebP: 4_000_000) == .png)
    }
}
