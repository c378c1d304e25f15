import Galleries
import Testing

/// A gallery's name is Composr's: ASCII letters, digits, `_` and `-`, at most 80; one made from a
/// title is made as Composr makes one.
@Suite struct GalleryNameTests {
    @Test func namesAreComposrs() {
        for name in ["root", "my_photos", "Summer-2026", String(repeating: "a", count: 80)] { #expect(GalleryName.isValid(name), "\(name)") }
        for name in ["", "a b", "café", "x/y", "../etc", String(repeating: "a", count: 81), "a\u{0}"] { #expect(!GalleryName.isValid(name), "\(name)") }
    }

    @Test func aNameIsMadeFromATitle() {
        #expect(GalleryName.made(from: "Summer in Bilbao, 2026!") == "summer_in_bilbao_2026")
        #expect(GalleryName.made(from: "  Fête   d’été ") == "f_te_d_t")
        #expect(GalleryName.made(from: "!!! ¿¡") == nil, "nothing to name it by")
        #expect(GalleryName.made(from: String(repeating: "ab ", count: 60))?.utf8.count == GalleryName.maximum)
        #expect(GalleryName.made(from: String(repeating: "ab ", count: 60)).map(GalleryName.isValid) == true)
    }

    /// How writers name an item: `media:<id>` or `video:<id>`; anything else is no item.
    @Test func itemsAreNamedByReference() {
        #expect(GalleryItem.Content(reference: "media:12") == .image(12))
        #expect(GalleryItem.Content(reference: "video:7") == .video(7))
        #expect(GalleryItem.Content.video(7).reference == "video:7" && GalleryItem.Content.image(12).reference == "media:12")
        for text in ["12", "media:", "video:x", "https://example.com/a.jpg", "media:-1x"] { #expect(GalleryItem.Content(reference: text) == nil, "\(text)") }
    }
}
