import Testing

@testable import RichText

/// The one allowlist every HTML that leaves the server goes through.
@Suite struct HTMLAllowlistTests {
    static let allowlist = RichTextFixtures.allowlist

    /// Every seed of both fuzz targets comes out allowlisted, well-formed and idempotent (the fuzz
    /// targets' properties, on the committed inputs).
    @Test func seedsComeOutAllowlistedAndIdempotent() throws {
        let inputs =
            try RichTextFixtures.corpus("html-allowlist").map { try Self.allowlist.sanitize($0.text) }
            + RichTextFixtures.corpus("comcode").map { try RichTextFixtures.comcode($0.text) }
        for rendered in inputs {
            #expect(HTMLAllowlist.violation(in: rendered.html) == nil, "\(rendered.html)")
            #expect(try Self.allowlist.sanitize(rendered.html).html == rendered.html)
        }
    }

    /// Found by fuzzing: a reference to a control character gave a raw one, which parsing the output
    /// again made U+FFFD. Characters a parser would not read back are left out (references to 0x80–0x9F
    /// name Windows-1252's characters), a carriage return becomes a line feed, and the output is its
    /// own allowlisting.
    @Test func charactersAParserWouldNotReadBackAreLeftOut() throws {
        let rendered = try Self.allowlist.sanitize("a&#19;b&#x7F;c&#x85;d&#xFDD0;e&#xFFFE;f&#x1FFFF;g&#13;h\tj&#12;k <i>é中😀</i>")
        #expect(rendered.html == "abc…defg\nh\tj\u{C}k <em>é中😀</em>")
        #expect(rendered.text.hasPrefix("abc…defg\nh j"))
        #expect(try Self.allowlist.sanitize(rendered.html).html == rendered.html)
    }

    @Test func hostileMarkupComesOutInert() throws {
        let hostile = try #require(try RichTextFixtures.corpus("html-allowlist").first { $0.name == "hostile.html" }?.text)
        let html = try Self.allowlist.sanitize(hostile).html.lowercased()
        for word in ["script", "alert", "onclick", "onerror", "style", "javascript", "data:", "evil.example", "iframe", "svg", "button", "<input"] {
            #expect(!html.contains(word), "\(word) in \(html)")
        }
    }

    /// `javascript:` however it is spelt: cases, entities, tabs and line breaks inside, control
    /// characters and spaces before, and every other scheme but the web's and mail's.
    @Test(arguments: [
        "javascript:alert(1)", "JaVaScRiPt:alert(1)", "&#106;avascript:alert(1)", "&#x6A;avascript:alert(1)", "java&#9;script:alert(1)",
        "java\nscript:alert(1)", " \u{1}javascript:alert(1)", "javascript&colon;alert(1)", "vbscript:x", "data:text/html,x", "//evil.example",
        "\\\\evil.example", "/\\evil.example", "file:///etc/passwd", "jav&#x0A;ascript:alert(1)",
    ])
    func linksOfOtherSchemesAreUnwrapped(href: String) throws {
        let html = try Self.allowlist.sanitize("<a href=\"\(href)\">x</a><img src=\"\(href)\">").html
        #expect(html == "x", "\(href) → \(html)")
    }

    @Test func linksAreKeptSiteRelativeOrMarkedAsAnotherSites() throws {
        let html = try Self.allowlist.sanitize(
            """
            <a href="https://news.example/news/3">a</a><a href="https://news.example">b</a><a href="/x?y=1&amp;z=2">c</a>\
            <a href="HTTPS://other.example/" title="t" target="_blank" rel="opener">d</a><a href="mailto:a@b.example">e</a>
            """
        ).html
        #expect(
            html
                == "<a href=\"/news/3\">a</a><a href=\"/\">b</a><a href=\"/x?y=1&amp;z=2\">c</a>"
                + "<a href=\"HTTPS://other.example/\" title=\"t\" rel=\"noopener\">d</a><a href=\"mailto:a@b.example\">e</a>")
    }

    @Test func imagesKeepOnlyWhatIsSafe() throws {
        let html = try Self.allowlist.sanitize(
            "<img src=\"https://example.com/a.png\" width=\"10\" height=\"1e9\" onerror=\"x\" style=\"y\" srcset=\"javascript:x 1w\">"
        ).html
        #expect(html == "<img src=\"https://example.com/a.png\" alt=\"\" width=\"10\">")
    }

    /// Markup nested beyond reason is refused before it is parsed; nesting within reason is written to
    /// 64 levels, the rest as its text.
    @Test func nestingIsBounded() throws {
        #expect(throws: TextRefused.self) { try Self.allowlist.sanitize(String(repeating: "<div>", count: 600)) }
        #expect(throws: TextRefused.self) { try Self.allowlist.sanitize(String(repeating: "<br2>", count: 600)) }
        // Void elements open nothing: a long text of line breaks and images is no deeper for them.
        let flat = try Self.allowlist.sanitize(String(repeating: "a<br>b<BR/><hr><img src=\"/x.png\"><wbr>", count: 600))
        #expect(flat.html.components(separatedBy: "<br>").count - 1 == 1_200)
        let rendered = try Self.allowlist.sanitize(String(repeating: "<blockquote>", count: 300) + "deep")
        #expect(rendered.html.split(separator: "<blockquote>", omittingEmptySubsequences: false).count - 1 == HTMLAllowlist.maximumDepth)
        #expect(rendered.text == "deep" && HTMLAllowlist.violation(in: rendered.html) == nil)
        let table = try Self.allowlist.sanitize(String(repeating: "<ul><li>", count: 31) + "<table><tr><td>cell</td></tr></table>")
        #expect(!table.html.contains("<table>") && table.html.contains("cell") && HTMLAllowlist.violation(in: table.html) == nil)
    }

    /// A parser would close an outer heading or list item where an unwrapped element stood between
    /// them: the inner one is unwrapped, so the output reads back as written.
    @Test func nestingAParserWouldUndoIsUnwrapped() throws {
        let html = try Self.allowlist.sanitize("<h2>a<span><h3>b</h3></span></h2><ul><li>x<section><li>y</li></section></li></ul>").html
        #expect(html == "<h2>ab</h2><ul><li>xy</li></ul>")
        #expect(try Self.allowlist.sanitize(html).html == html)
        let link = try Self.allowlist.sanitize("<a href=\"/x\">a<table><tr><td><a href=\"/y\">b</a></td></tr></table></a>").html
        #expect(link == "<a href=\"/x\">a<table><tbody><tr><td>b</td></tr></tbody></table></a>")
        #expect(try Self.allowlist.sanitize(link).html == link)
        let pre = try Self.allowlist.sanitize("<pre><!-- c -->\n\nx</pre>").html
        #expect(pre == "<pre>\n\n\nx</pre>")
        #expect(try Self.allowlist.sanitize(pre).html == pre)
    }

    @Test func servedAddressesAreRewrittenInTagsOnly() {
        let stored =
            "<p><a href=\"/news/3\">x</a> href=&quot;/y&quot; <img src=\"/media/h/p.jpg\" alt=\"\" srcset=\"/media/h/p.jpg?d=0 320w, /media/h/p.jpg 1200w\">"
            + "<a href=\"https://other.example/?a=1&amp;b=2\" rel=\"noopener\">o</a></p>"
        let served = ServedHTML.rewritingAddresses(of: stored) { address, url in
            guard url.hasPrefix("/") else { return url }
            return "https://site.example" + url + (address == .image ? "?d=2" : "")
        }
        #expect(
            served
                == "<p><a href=\"https://site.example/news/3\">x</a> href=&quot;/y&quot; <img src=\"https://site.example/media/h/p.jpg?d=2\" alt=\"\" "
                + "srcset=\"https://site.example/media/h/p.jpg?d=0 320w, https://site.example/media/h/p.jpg 1200w\">"
                + "<a href=\"https://other.example/?a=1&amp;b=2\" rel=\"noopener\">o</a></p>")
        #expect(ServedHTML.rewritingAddresses(of: "<p>plain</p>") { _, _ in "never" } == "<p>plain</p>")
    }

    @Test func theCheckFindsWhatBreaksTheRules() {
        for (html, broken) in [
            ("<script>", true), ("<p>", true), ("</p>", true), ("<p></em>", true), ("<a href=\"javascript:x\">a</a>", true),
            ("<p style=\"x\"></p>", true), ("a > b", true), ("&nbsp;", true), ("<img src=\"/x\" width=\"1px\">", true),
            ("<a href=\"/x\" rel=\"opener\">a</a>", true), ("<p>a &amp; b</p><br><img src=\"/x\" alt=\"\">", false),
        ] {
            #expect((HTMLAllowlist.violation(in: html) != nil) == broken, "\(html)")
        }
    }
}
