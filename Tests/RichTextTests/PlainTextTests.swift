import Testing

@testable import RichText

/// The `text` format: every article written before formats existed renders so, byte for byte.
@Suite struct PlainTextTests {
    @Test func bodiesBecomeEscapedParagraphs() {
        let text = "  \r\nFirst <b>bold</b> & 'quoted'\r\nsame paragraph\rstill\n \t \n\n\nSecond\n\n"
        #expect(PlainText.html(text) == "<p>First &lt;b&gt;bold&lt;/b&gt; &amp; &#39;quoted&#39;<br>same paragraph<br>still</p><p>Second</p>")
        #expect(PlainText.plain(text) == "First <b>bold</b> & 'quoted'\nsame paragraph\nstill\n\nSecond")
        #expect(PlainText.html("") == "" && PlainText.plain(" \n ") == "")
        #expect(PlainText.html("é\u{2028}😀") == "<p>é\u{2028}😀</p>")
        #expect(PlainText.escaped(#"<a href="x">"#) == "&lt;a href=&quot;x&quot;&gt;")
        #expect(PlainText.escaped("'Café' & <b>, é") == "&#39;Café&#39; &amp; &lt;b&gt;, é")
        var bytes = Array("kept ".utf8)
        PlainText.escape("a<b", into: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "kept a&lt;b")
    }

    @Test func theTextFormatRendersByTheSameRule() throws {
        let text = "A [b]not bold[/b] **nor this** <i>nor</i>\n\nSecond"
        let rendered = try RichTextFixtures.renderer.render(text, format: .text)
        #expect(rendered.html == PlainText.html(text) && rendered.text == PlainText.plain(text))
        #expect(rendered.dropped.isEmpty && rendered.images.isEmpty)
    }

    @Test func renderedTextIsTidiedForSearch() {
        #expect(PlainText.tidy(Array("\n\n  a  b \n\n\n\n c\n d  \n\n".utf8)) == "a b\n\nc\nd")
    }
}
