import Testing

@testable import RichText

/// Markdown through cmark-gfm (CommonMark with GitHub's tables, strikethrough and autolinks), its HTML
/// through the allowlist; raw HTML is not obeyed.
@Suite struct MarkdownRendererTests {
    @Test func eachConstructRenders() throws {
        let rendered = try RichTextFixtures.markdown(
            """
            # Title

            Some *em*, **strong**, ~~gone~~ and `code`.
            A [link](https://example.com/a "Its title"), <https://auto.example/x>, www.example.org and [ours](/news/3).

            ## Second

            - one
            - two

            1. first
            2. second

            > quoted

            | a | b |
            |---|---|
            | 1 | 2 |

            ![The park](media:7)

            ```
            let x = "<b>"
            ```

            ---
            """)
        let html = rendered.html
        for fragment in [
            "<h2>Title</h2>", "<p>Some <em>em</em>, <strong>strong</strong>, <s>gone</s> and <code>code</code>.\n",
            "<a href=\"https://example.com/a\" title=\"Its title\" rel=\"noopener\">link</a>",
            "<a href=\"https://auto.example/x\" rel=\"noopener\">https://auto.example/x</a>",
            "<a href=\"http://www.example.org\" rel=\"noopener\">www.example.org</a>", "<a href=\"/news/3\">ours</a>", "<h2>Second</h2>",
            "<ul>\n<li>one</li>\n<li>two</li>\n</ul>", "<ol>\n<li>first</li>\n<li>second</li>\n</ol>", "<blockquote>\n<p>quoted</p>\n</blockquote>",
            "<table>\n<thead>\n<tr>\n<th>a</th>\n<th>b</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>1</td>\n<td>2</td>\n</tr>\n</tbody>\n</table>",
            "<img src=\"\(RichTextFixtures.image.src)\" alt=\"The park\" width=\"1200\" height=\"800\"",
            "<pre><code>let x = &quot;&lt;b&gt;&quot;\n</code></pre>", "<hr>",
        ] {
            #expect(html.contains(fragment), "\(fragment) not in \(html)")
        }
        #expect(HTMLAllowlist.violation(in: html) == nil)
        #expect(rendered.images == ["media:7"])
        #expect(rendered.text.hasPrefix("Title\n\nSome em, strong, gone and code.\nA link, https://auto.example/x, www.example.org and ours."))
    }

    @Test func rawHTMLIsNotObeyed() throws {
        let rendered = try RichTextFixtures.markdown(
            """
            <script>alert(1)</script>

            Inline <b onclick="alert(2)">bold</b> and <img src=x onerror=alert(3)>.

            [click](javascript:alert(4)) [data](data:text/html,x) ![x](javascript:alert(5))
            """)
        #expect(!rendered.html.contains("alert") && !rendered.html.contains("onclick") && !rendered.html.contains("script"))
        #expect(rendered.html.contains("Inline bold and .") && rendered.html.contains("click data"))
        #expect(HTMLAllowlist.violation(in: rendered.html) == nil)
    }

    /// A 10,000-deep quote is refused with a sentence (the writer's answer), never a crash.
    @Test func deepNestingIsRefused() throws {
        #expect(throws: TextRefused.tooDeep(maximum: RichTextRenderer.maximumDepth)) {
            try RichTextFixtures.markdown(String(repeating: ">", count: 10_000) + " deep")
        }
        #expect(throws: TextRefused.tooDeep(maximum: RichTextRenderer.maximumDepth)) {
            try RichTextFixtures.markdown(String(repeating: "- ", count: 10_000) + "deep")
        }
        #expect(try RichTextFixtures.markdown(String(repeating: ">", count: 20) + " shallow").html.contains("shallow"))
    }

    /// cmark-gfm 0.29.0.gfm.13 nests a strong in a strong for runs like `*____=____**` (ten deep here)
    /// and its own HTML writes one: so does the walk (the `markdown` fuzz target found the difference).
    @Test func aStrongInsideAStrongIsWrittenOnce() throws {
        let html = try RichTextFixtures.markdown("*____________________=_____________________**b").html
        #expect(html == "<p>*<strong>=</strong>_**b</p>\n", "\(html)")
        #expect(MarkdownRenderer.cmarkHTML("*____________________=_____________________**b") == "<p>*<strong>=</strong>_**b</p>\n")
    }
}
