import Foundation
import Testing

@testable import RichText

/// Comcode as Composr renders it (`comcode_compiler.php`, `comcode_renderer.php` of Composr 10.0.27),
/// through the allowlist: the fixture site's articles, each tag as Composr's own documentation of it
/// shows it used, and broken or hostile text.
@Suite struct ComcodeRendererTests {
    /// Article 3 of the fixture site, as Composr rendered it (its `news_article__text_parsed`): a title
    /// that takes the blank line after it, line breaks as `<br>` but after a block, a list without
    /// breaks, a quote with its author, highlight as emphasis.
    @Test func theFixturesReleaseArticleRendersAsComposrRenderedIt() throws {
        let source = try #require(try RichTextFixtures.corpus("comcode").first { $0.name == "fixture-article-3.txt" }?.text)
        let rendered = try RichTextFixtures.comcode(source)
        #expect(
            rendered.html
                == "<h2>What is new in 2.0</h2>Version 2.0 is our biggest release so far. This first paragraph has <strong>bold</strong>, "
                + "<em>italic</em> and <u>underlined</u> text.<br><br>The second paragraph links to "
                + "<a href=\"http://example.com/changelog\" rel=\"noopener\">the full changelog</a> and mentions "
                + "<a href=\"mailto:support@example.com\">support@example.com</a>.<br><br><ul><li>Faster page loads</li>"
                + "<li>New member profiles</li><li>Push notifications for mobile apps</li></ul><br><blockquote><h4>carol said</h4>"
                + "This release took months of work.</blockquote><br>Final paragraph: thanks to all our <strong>beta testers</strong>!")
        #expect(
            rendered.text
                == "What is new in 2.0\n\nVersion 2.0 is our biggest release so far. This first paragraph has bold, italic and underlined text.\n\n"
                + "The second paragraph links to the full changelog and mentions support@example.com.\n\nFaster page loads\n\nNew member profiles\n\n"
                + "Push notifications for mobile apps\n\ncarol said\n\nThis release took months of work.\n\nFinal paragraph: thanks to all our beta testers!")
        #expect(rendered.dropped.isEmpty)
    }

    /// Article 1: a page link to a page this server does not have opens the site.
    @Test func pageLinksOpenArticlePagesOrTheSite() throws {
        let welcome = try RichTextFixtures.comcode(
            "We are happy to announce that the site is now open to everyone.\n\nPlease [page=\"site:join\"]join[/page] and introduce yourself.")
        #expect(welcome.html == "We are happy to announce that the site is now open to everyone.<br><br>Please <a href=\"/\">join</a> and introduce yourself.")
        #expect(try RichTextFixtures.comcode("[page=\"_SEARCH:news:view:3\"]the release[/page]").html == "<a href=\"/news/3\">the release</a>")
    }

    @Test(arguments: [
        ("[b]bold[/b] [i]italic[/i] [u]under[/u] [s]struck[/s]", "<strong>bold</strong> <em>italic</em> <u>under</u> <s>struck</s>"),
        ("[highlight]marked[/highlight]", "<strong>marked</strong>"),
        ("[url]http://example.com/a[/url]", "<a href=\"http://example.com/a\" rel=\"noopener\">http://example.com/a</a>"),
        ("[url=\"http://example.com\"]the site[/url]", "<a href=\"http://example.com\" rel=\"noopener\">the site</a>"),
        ("[url=\"the site\"]http://example.com[/url]", "<a href=\"http://example.com\" rel=\"noopener\">the site</a>"),
        ("[url]www.example.com[/url]", "<a href=\"http://www.example.com\" rel=\"noopener\">www.example.com</a>"),
        ("[url=\"https://news.example/news/3\"]ours[/url]", "<a href=\"/news/3\">ours</a>"),
        ("[email]staff@example.com[/email]", "<a href=\"mailto:staff@example.com\">staff@example.com</a>"),
        ("[email=\"staff@example.com\"]Write to us[/email]", "<a href=\"mailto:staff@example.com\">Write to us</a>"),
        ("[title]Main[/title]After", "<h2>Main</h2>After"),
        ("[title=\"3\"]Third[/title]\n\nAfter", "<h3>Third</h3>After"),
        ("[title=\"9\"]Deep[/title]", "<h4>Deep</h4>"),
        ("[list]\n[*]one\n[*]two\n[/list]", "<ul><li>one</li><li>two</li></ul>"),
        ("[list=\"1\"][*]one[*]two[/list]", "<ol><li>one</li><li>two</li></ol>"),
        ("[list=\"a\"][*]one[/list]", "<ol><li>one</li></ol>"),
        ("[quote]Anonymous words[/quote]", "<blockquote>Anonymous words</blockquote>"),
        ("[quote=\"Zoë\"]Bonjour[/quote]", "<blockquote><h4>Zoë said</h4>Bonjour</blockquote>"),
        ("[code][b]not bold[/b] <script>[/code]", "<pre><code>[b]not bold[/b] &lt;script&gt;</code></pre>"),
        ("[codebox]x = 1\ny = 2[/codebox]", "<pre><code>x = 1\ny = 2</code></pre>"),
        ("[center]Centred[/center] [left]l[/left] [right]r[/right] [indent]i[/indent]", "Centred l r i"),
        ("[size=\"2\"][color=\"red\"][font=\"Arial\"]styled[/font][/color][/size]", "styled"),
        ("[img=\"A photo\"]https://example.com/p.jpg[/img]", "<img src=\"https://example.com/p.jpg\" alt=\"A photo\">"),
        ("[media]https://example.com/v.mp4[/media]", "<a href=\"https://example.com/v.mp4\" rel=\"noopener\">https://example.com/v.mp4</a>"),
        ("[html]<p onclick=\"x()\">raw <em>html</em></p>[/html]", "<p>raw <em>html</em></p>"),
        ("[semihtml]<p>semi [b]bold[/b]</p>\n<ul><li>x</li></ul>[/semihtml]", "<p>semi <strong>bold</strong></p>\n<ul><li>x</li></ul>"),
        ("a  b\n  c", "a \u{A0}b<br>\u{A0}\u{A0}c"),
        ("Tom &amp; Jerry &hellip; &#8364;", "Tom &amp; Jerry … €"),
    ])
    func eachTagRendersAsComposrsDocumentationShowsIt(comcode: String, html: String) throws {
        let rendered = try RichTextFixtures.comcode(comcode)
        #expect(rendered.html == html)
        #expect(HTMLAllowlist.violation(in: rendered.html) == nil)
    }

    @Test func libraryImagesAreResolvedAndOthersDropped() throws {
        let image = RichTextFixtures.image
        let known = "<img src=\"\(image.src)\" alt=\"The park at golden hour\" width=\"1200\" height=\"800\" srcset=\"\(image.srcset ?? "")\">"
        #expect(try RichTextFixtures.comcode("[img]media:7[/img]").html == known)
        #expect(try RichTextFixtures.comcode("[attachment]7[/attachment]").html == known)
        let missing = try RichTextFixtures.comcode("[attachment]99[/attachment] [img]javascript:alert(1)[/img]")
        #expect(missing.html == "\u{A0}", "a space at a line's start is hard, after a tag too, as in Composr")
        #expect(missing.dropped == ["media:99", "javascript:alert(1)"])
        #expect(missing.images == ["media:99", "javascript:alert(1)"])
    }

    @Test func dynamicConstructsAreLeftOutAndCounted() throws {
        let rendered = try RichTextFixtures.comcode("A{$IS_GUEST}B {+START,IF,{$MOBILE}}mobile{+END} {!SAID,x} [block]main_news[/block]C")
        #expect(rendered.html == "AB mobile  C")
        #expect(rendered.dropped == ["{$IS_GUEST}", "{+START,IF,{$MOBILE}}", "{+END}", "{!SAID,x}", "[block]main_news[/block]"])
    }

    /// What Composr shows as text, the renderer shows: never an error, never lost input.
    @Test func unknownAndBrokenTagsAreShownAsText() throws {
        #expect(try RichTextFixtures.comcode("[unknown]x[/unknown] [/u] [url=]x [b").html == "[unknown]x[/unknown] [/u] [url=]x [b")
        #expect(
            try RichTextFixtures.comcode("[url=\"http://example.com\"]never [b]closed").html
                == "[url=&quot;http://example.com&quot;]never <strong>closed</strong>")
        #expect(try RichTextFixtures.comcode("[b]never closed [i]nested").html == "<strong>never closed <em>nested</em></strong>")
        #expect(try RichTextFixtures.comcode("[b]a [i]b[/b] c[/i]").html == "<strong>a <em>b</em></strong> c[/i]")
        #expect(try RichTextFixtures.comcode("[*] outside a list").html == "[*] outside a list")
        #expect(try RichTextFixtures.comcode("[code]never closed").html == "[code]never closed")
    }

    @Test func aMegabyteOfBracketsIsText() throws {
        for text in [String(repeating: "[", count: 1_000_000), String(repeating: "[b", count: 500_000), String(repeating: "{$", count: 500_000)] {
            let rendered = try RichTextFixtures.comcode(text)
            #expect(rendered.html == text && rendered.dropped.isEmpty)
        }
        let directives = try RichTextFixtures.comcode(String(repeating: "{$X}", count: 250_000))
        #expect(directives.html.isEmpty && directives.dropped == ["{$X}"])
    }

    /// A 10,000-deep quote is flattened: the renderer opens 64 levels, shows the rest as text.
    @Test func deepNestingIsFlattened() throws {
        let depth = 10_000
        let text = String(repeating: "[quote]", count: depth) + "deep" + String(repeating: "[/quote]", count: depth)
        let rendered = try RichTextFixtures.comcode(text)
        #expect(rendered.html.components(separatedBy: "<blockquote>").count - 1 == RichTextRenderer.maximumDepth)
        #expect(
            rendered.html.contains("[quote]deep</blockquote>") && rendered.html.hasSuffix("</blockquote>" + String(repeating: "[/quote]", count: depth - 64)))
        #expect(HTMLAllowlist.violation(in: rendered.html) == nil)
    }
}
