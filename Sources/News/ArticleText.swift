import RichText

/// What readers are shown of an article's text, from its stored rendering (made when it was written),
/// by one rule for every answer: the news API, Floki, the MIT stories, the article page, live events,
/// sync, push announcements. A row whose rendering is still to be made (from before formats existed,
/// so written as `text`) is shown by the `text` rule from its source: the same bytes.
extension NewsArticle {
    /// The summary as text: as written for a `text` article (as it always was), its rendering's plain
    /// text for the others.
    var shownSummary: String {
        self.format == .text ? self.summary : self.summaryText ?? PlainText.plain(self.summary)
    }

    /// The summary's HTML, its addresses still as stored (site-relative).
    var summaryHTMLStored: String {
        self.summaryHTML ?? PlainText.html(self.summary)
    }

    /// The body's HTML, its addresses still as stored; none for a story that lives elsewhere.
    var bodyHTMLStored: String {
        guard self.externalURL.isEmpty else { return "" }
        return self.bodyHTML ?? PlainText.html(self.article)
    }

    /// The body's plain text; none for a story that lives elsewhere.
    var shownBodyText: String {
        guard self.externalURL.isEmpty else { return "" }
        return self.bodyText ?? PlainText.plain(self.article)
    }
}
