import EndpointCore
public import Media
import Messages
public import RichText
import Routes
public import Storage
import Text

/// An article's summary and body rendered in the article's format, as its writer keeps them: HTML,
/// plain text, and the media library's images the body shows. Rendered twice when the text names
/// images: first to learn which sources it shows, then — once those the library holds are looked up —
/// with them resolved to their paths, sizes and versions (`srcset`).
public struct ArticleRendering {
    var body: RenderedText
    var summary: RenderedText
    var stored: NewsRendering

    /// What the rendering left out, the body's first.
    var dropped: [String] { self.body.dropped + self.summary.dropped }

    /// `article`'s text rendered. A text nested deeper than the renderer goes is refused when
    /// `refusing`, else rendered as `text` (so a renderer change never leaves an article unrendered).
    static func make(of article: NewsArticle, publicURL: String, refusing: Bool, on connection: StoreConnection) async throws -> ArticleRendering {
        try await Self.make(
            Text(summary: article.summary, body: article.article, format: article.format), publicURL: publicURL, refusing: refusing, on: connection)
    }

    /// What `summary` and `body` written in `format` render to, exactly as an article saved with them
    /// would show them: the preview an editor reads before saving. HTML with site-relative addresses;
    /// a text nested too deep is refused.
    public static func preview(
        summary: String, body: String, format: TextFormat, publicURL: String, on connection: StoreConnection
    ) async throws -> (summaryHTML: String, bodyHTML: String, summaryText: String, bodyText: String, dropped: [String]) {
        // A preview is bounded as the article it shows: what may not be saved is not rendered.
        for (text, field, maximum) in [(summary, "summary", NewsFieldLimits.summary), (body, "body", NewsFieldLimits.body)] {
            guard TextLength.fits(text, atMost: maximum) else { throw Refusal.invalid(.fieldTooLong, field, String(maximum)) }
        }
        let rendering = try await Self.make(Text(summary: summary, body: body, format: format), publicURL: publicURL, refusing: true, on: connection)
        let stored = rendering.stored
        return (stored.summaryHTML, stored.bodyHTML, stored.summaryText, stored.bodyText, rendering.dropped)
    }

    /// An article's text as it is rendered.
    struct Text {
        var summary: String
        var body: String
        var format: TextFormat
    }

    private static func make(_ text: Text, publicURL: String, refusing: Bool, on connection: StoreConnection) async throws -> ArticleRendering {
        let language = try await ConfigStore.value(ConfigOption.defaultLanguage.name, on: connection) ?? ConfigOption.defaultLanguage.defaultValue
        let first = try await Self.render(text, publicURL: publicURL, language: language, known: [:], refusing: refusing)
        let references = Set((first.body.images + first.summary.images).filter { MediaLinks.reference($0, publicURL: publicURL) != nil })
        guard !references.isEmpty else { return first }
        var known: [String: MediaRecord] = [:]
        for reference in references {
            known[reference] = try await ArticleImages.knownImage(named: reference, publicURL: publicURL, on: connection)
        }
        return try await Self.render(text, publicURL: publicURL, language: language, known: known, refusing: refusing)
    }

    /// The renderer articles are rendered with on a site at `publicURL` speaking `language` (a quote's
    /// "said"), the media library's images `known` by the sources that name them.
    public static func renderer(publicURL: String, language: String, known: [String: HTMLAllowlist.Image] = [:]) -> RichTextRenderer {
        let messages = Languages.bundled.choose(parameter: nil, memberLanguage: nil, acceptLanguage: nil, siteDefault: language)
        return RichTextRenderer(
            allowlist: HTMLAllowlist(publicURL: publicURL, resolveImage: { known[$0] }),
            said: { messages.text(.said, $0) },
            pageLink: { ComposrPageLink($0).route?.target ?? "/" }
        )
    }

    /// Rendered in a child process (``ArticleRenderChild``); plain text, which no parser reads, here.
    /// A text refused is refused with its sentence when `refusing`, else rendered as plain text.
    private static func render(_ text: Text, publicURL: String, language: String, known: [String: MediaRecord], refusing: Bool) async throws
        -> ArticleRendering
    {
        do {
            let rendered =
                text.format == .text
                ? try Self.renderer(publicURL: publicURL, language: language).render(text.body, text.summary, format: .text)
                : try await ArticleRenderChild.render(
                    text.body, text.summary, format: text.format, publicURL: publicURL, language: language, known: known.mapValues(Self.allowlisted))
            return Self.made(body: rendered.body, summary: rendered.summary, known: known)
        } catch let refused as TextRefused {
            guard !refusing else { throw Self.refusal(refused) }
            let plain = try Self.renderer(publicURL: publicURL, language: language).render(text.body, text.summary, format: .text)
            return Self.made(body: plain.body, summary: plain.summary, known: known)
        }
    }

    /// The sentence a writer is given for a text that was not rendered.
    private static func refusal(_ refused: TextRefused) -> Refusal {
        switch refused {
        case .tooDeep(let maximum): Refusal.invalid(.newsTextTooDeep, String(maximum))
        case .tooManyTableCells(let maximum): Refusal.invalid(.newsTableTooLarge, String(maximum))
        case .tooLong(let maximum): Refusal.invalid(.newsTextTooLong, String(maximum))
        case .failed: Refusal.invalid(.newsTextNotRendered)
        }
    }

    private static func made(body: RenderedText, summary: RenderedText, known: [String: MediaRecord]) -> ArticleRendering {
        var seen: Set<Int> = []
        let images = body.images.compactMap { known[$0] }.filter { seen.insert($0.id).inserted }
        let stored = NewsRendering(
            bodyHTML: body.html, bodyText: body.text, summaryHTML: summary.html, summaryText: summary.text,
            bodyImages: JSONValue.array(images.map { .object(ArticleImages.entry(of: $0)) }).serialized
        )
        return ArticleRendering(body: body, summary: summary, stored: stored)
    }

    /// A library image as the allowlist writes it: its original's path and size, its description, and
    /// its versions for each device's width (those narrower than the original) for a browser to pick.
    private static func allowlisted(_ image: MediaRecord) -> HTMLAllowlist.Image {
        var byWidth: [Int: String] = [image.width: MediaLinks.path(of: image)]
        for device in DeviceClass.allCases {
            let version = MediaVersion.device(device)
            let width = version.size(ofWidth: image.width, height: image.height).width
            if byWidth[width] == nil { byWidth[width] = MediaLinks.path(of: image, version) }
        }
        let srcset = byWidth.count > 1 ? byWidth.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)w" }.joined(separator: ", ") : nil
        return HTMLAllowlist.Image(src: MediaLinks.path(of: image), width: image.width, height: image.height, srcset: srcset, alt: image.altText)
    }
}
