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

/// The text could not be rendered: nested deeper than ``RichTextRenderer/maximumDepth``.
public struct TextTooDeep: Error, Equatable, Sendable {
    public let maximum: Int
}
