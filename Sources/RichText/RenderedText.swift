/// A text rendered once, when it is written: the HTML every app and page shows (allowlisted), its plain
/// text (what search indexes and apps show where no HTML goes), what the renderer left out, and the
/// images it shows that a resolver recognised (media references, for the library's use records).
public struct RenderedText: Sendable, Equatable {
    public var html: String
    public var text: String
    /// What was left out, each as written and shortened: Composr's Tempcode directives and blocks,
    /// elements the allowlist drops with their content (`<script>`), images whose source is neither
    /// known nor safe.
    public var dropped: [String]
    /// Every image source the text shows, as written, in order, each once (the writer looks up the
    /// ones its media library may hold, then renders again with them resolved).
    public var images: [String]

    public init(html: String, text: String, dropped: [String] = [], images: [String] = []) {
        self.html = html
        self.text = text
        self.dropped = dropped
        self.images = images
    }

    /// The most constructs `dropped` names (a text of a million directives answers a hundred).
    static let maximumDropped = 100

    /// `construct` cut to 80 characters (Unicode scalars), an ellipsis after it when cut.
    static func shortened(_ construct: String) -> String {
        guard construct.unicodeScalars.count > 80 else { return construct }
        return String(String.UnicodeScalarView(construct.unicodeScalars.prefix(80))) + "…"
    }
}

/// Why a text was not rendered: what it asks of the parsers is beyond what any article needs, or its
/// rendering failed (``RenderProcesses``: the child rendering it crashed or ran out of its limits).
public enum TextRefused: Error, Equatable, Sendable {
    /// Markup nested deeper than `maximum` levels.
    case tooDeep(maximum: Int)
    /// Tables of more than `maximum` cells in all (GitHub's tables fill every row to the header's
    /// width, so a few kilobytes could ask for millions of cells).
    case tooManyTableCells(maximum: Int)
    /// Longer than `maximum` bytes of UTF-8.
    case tooLong(maximum: Int)
    /// The rendering did not finish within its limits.
    case failed
}
