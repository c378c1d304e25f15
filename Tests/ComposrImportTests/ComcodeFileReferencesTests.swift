import Testing

@testable import ComposrImport

/// The images and attachments a Comcode text names, renamed where the import found them, and
/// everything else of the text kept as written.
@Suite struct ComcodeFileReferencesTests {
    static func renamed(_ text: String) async -> (text: String, seen: [String]) {
        var seen: [String] = []
        let result = await ComcodeFileReferences.renaming(text) { kind, content in
            seen.append("\(kind == .image ? "image" : "attachment") \(content)")
            return content.hasPrefix("uploads/") || content == "7" ? "new:" + content : nil
        }
        return (result, seen)
    }

    @Test func imagesAndAttachmentsAreRenamedAndTheRestKept() async {
        let (text, seen) = await Self.renamed(
            "A [b]bold[/b] [img=\"alt\"]uploads/a.jpg[/img], [IMG]uploads/b.png[/IMG] [attachment_safe]7[/attachment_safe] "
                + "[attachment type=\"inline\"]8[/attachment] [image]uploads/c.jpg[/image] [img]http://x.example/d.png[/img] [ [img]never closed")
        #expect(
            text
                == "A [b]bold[/b] [img=\"alt\"]new:uploads/a.jpg[/img], [IMG]new:uploads/b.png[/IMG] [attachment_safe]new:7[/attachment_safe] "
                + "[attachment type=\"inline\"]8[/attachment] [image]uploads/c.jpg[/image] [img]http://x.example/d.png[/img] [ [img]never closed")
        #expect(seen == ["image uploads/a.jpg", "image uploads/b.png", "attachment 7", "attachment 8", "image http://x.example/d.png"])
    }

    @Test func aTextWithoutReferencesIsUnchanged() async {
        for text in ["", "plain", "[", "]", "[/img]", "[img]", "[img][/img]x", "é[imgx]a[/imgx]"] {
            #expect(await Self.renamed(text).text == text)
        }
    }
}
