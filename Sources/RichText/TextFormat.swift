/// How an article's text is written: what its writer sent, and what is rendered from it.
public enum TextFormat: String, Sendable, CaseIterable {
    /// Plain text: every character shown as typed, blank lines parting paragraphs (the rule of every
    /// article written before formats existed, and of writers that name none).
    case text
    /// CommonMark with GitHub's tables, strikethrough and autolinks; raw HTML is not obeyed.
    case markdown
    /// Composr's markup (`[b]`, `[url]`, `[list]`…), as Composr renders it.
    case comcode
}
