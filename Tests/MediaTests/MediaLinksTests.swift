import Media
import Testing

@Suite struct MediaLinksTests {
    static let hash = String(repeating: "0123456789abcdef", count: 4)

    @Test func administratorsNameImagesByIDOrByTheirURL() {
        #expect(MediaLinks.reference("media:12", publicURL: "https://example.com") == .id(12))
        #expect(MediaLinks.reference("/media/\(Self.hash)/photo.jpg", publicURL: "https://example.com") == .contentHash(Self.hash))
        #expect(MediaLinks.reference("https://example.com/media/\(Self.hash)/photo.jpg?d=2", publicURL: "https://example.com") == .contentHash(Self.hash))
    }

    @Test(arguments: [
        "", "media:", "media:x", "/", "?", "/media/", "https://cdn.example.com/media/\(hash)/photo.jpg", "/media/\(hash.uppercased())/a.jpg",
        "/media/\(hash)", "/media/\(hash)/a/b.jpg", "/other/\(hash)/a.jpg", "photo.jpg",
    ])
    func anythingElseIsAnExternalImage(_ text: String) {
        #expect(MediaLinks.reference(text, publicURL: "https://example.com") == nil)
    }

    @Test func pathsCarryTheHashAndTheVersion() {
        let image = MediaRecord(
            id: 1, contentHash: Self.hash, name: "Summer Fête", mediaType: "jpeg", width: 1200, height: 900, hasAlpha: false, byteCount: 1,
            addedBy: nil, addedAt: 0
        )
        #expect(MediaLinks.path(of: image).hasPrefix("/media/\(Self.hash)/"))
        #expect(MediaLinks.path(of: image).hasSuffix(".jpg"))
        #expect(MediaLinks.path(of: image, .device(.phoneDoubleResolution)).hasSuffix(".jpg?d=2"))
        #expect(MediaLinks.path(of: image, .square(75)).hasSuffix(".jpg?s=75"))
        #expect(MediaLinks.path(of: image, .square(150)).hasSuffix(".jpg?s=150"))
    }

    @Test func versionsAreReadFromTheQueryAndSizedWithoutEnlarging() throws {
        #expect(try MediaVersion(d: nil, s: nil) == .original)
        #expect(try MediaVersion(d: "1", s: nil) == .device(.tablet))
        #expect(try MediaVersion(d: "junk", s: nil) == .device(.phone))
        #expect(try MediaVersion(d: nil, s: "150") == .square(150))
        #expect(throws: MediaFailure.unknownVersion("76")) { try MediaVersion(d: nil, s: "76") }
        #expect(try MediaVersion(d: "1", s: "75") == .square(75), "a tablet's density is one")
        #expect(try MediaVersion(d: "2", s: "75") == .square(150), "a Floki cell on an iPhone: twice the pixels")
        #expect(try MediaVersion(d: "2", s: "150") == .square(300))
        #expect(try MediaVersion(d: "junk", s: "300") == .square(300))
        #expect(throws: MediaFailure.unknownVersion("600")) { try MediaVersion(d: "2", s: "600") }
        #expect(MediaVersion.device(.tablet).size(ofWidth: 1200, height: 900) == (768, 576))
        #expect(MediaVersion.device(.tablet).size(ofWidth: 300, height: 100) == (300, 100))
        #expect(MediaVersion.square(150).size(ofWidth: 300, height: 100) == (100, 100))
    }
}
