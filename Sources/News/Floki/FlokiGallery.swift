import EndpointCore
import Media
import Messages

/// Articles' galleries as Floki clients read them (the protocol's "Gallery item protocol"): the bare
/// document `{"thumbs", "to_delete", "has_older"}`, for `gallery` (the Gallery tab: the gallery images
/// of shown articles, newest article first, paged like the news by ``FlokiListing``) and for
/// `gallery/<article>` (one article's gallery, all at once, as `gallery_url` expects).
///
/// An image's item ID is its article's ID × 100 + its place in the gallery (galleries hold at most
/// 100 images), so `l`, `h` and `o` name articles the way the news feeds do; articles with IDs above
/// 21,474,835 would make IDs past 2³¹ and are left out of the Gallery tab.
struct FlokiGallery {
    let answers: NewsAnswers

    /// Articles per page of the Gallery tab.
    static let pageSize = 10
    static let imagesPerArticle = 100
    static let highestArticleID = Int(Int32.max) / imagesPerArticle - 1

    /// The Gallery tab.
    func tab() async throws -> NewsAnswers.Answer {
        let connection = self.answers.connection
        let parameters = self.answers.parameters
        let state = try await NewsChangeLog.state(on: connection)
        let now = self.answers.moment(after: state.latestTime)
        let held = parameters.heldRange.map { ($0.lowerBound / Self.imagesPerArticle)...($0.upperBound / Self.imagesPerArticle) }
        let listing = FlokiListing(connection: connection, categories: nil, withGallery: true, size: Self.pageSize)
        let page =
            if let older = parameters.older {
                try await listing.olderPage(than: older / Self.imagesPerArticle, now: now)
            } else {
                try await listing.refresh(holding: held, now: now)
            }
        let articles = page.articles.filter { $0.article.id <= Self.highestArticleID }
        var deleted: [Int] = []
        if let items = parameters.heldRange {
            let gone = try await listing.changed(holding: held, shown: false, now: now)
            let edited = try await listing.changed(holding: held, shown: true, now: now)
            let counts = Dictionary(
                uniqueKeysWithValues: try await NewsFeedStore.articles(ids: edited, now: now, on: connection).map {
                    ($0.article.id, NewsImage.gallery(stored: $0.article.gallery).count)
                })
            for id in gone + edited where id <= Self.highestArticleID {
                for index in (counts[id] ?? 0)..<Self.imagesPerArticle where items.contains(id * Self.imagesPerArticle + index) {
                    deleted.append(id * Self.imagesPerArticle + index)
                }
            }
        }
        return NewsAnswers.Answer(
            data: [
                "thumbs": .array(articles.flatMap(self.thumbs)), "to_delete": .array(deleted.prefix(FlokiListing.deletionLimit).map(JSONValue.int)),
                "has_older": .bool(page.hasOlder),
            ],
            lastModified: state.latestTime
        )
    }

    /// The gallery of the shown article `reference` (ID or moniker).
    func article(_ reference: String) async throws -> NewsAnswers.Answer {
        let connection = self.answers.connection
        let state = try await NewsChangeLog.state(on: connection)
        let now = self.answers.moment(after: state.latestTime)
        guard let published = try await NewsFeedStore.article(reference, now: now, on: connection), published.article.id <= Self.highestArticleID
        else { throw Refusal.notFound(.newsUnknownArticle) }
        return NewsAnswers.Answer(
            data: ["thumbs": .array(self.thumbs(published)), "to_delete": [], "has_older": false], lastModified: state.latestTime
        )
    }

    /// The article's gallery images as items: the square thumbnail covering a gallery cell (`image`),
    /// the version for the device (`url`, with its size), the caption and credit. An external image of
    /// unknown size is left out: the clients drop items without one.
    private func thumbs(_ published: PublishedArticle) -> [JSONValue] {
        let article = published.article
        let json = self.answers.json
        return NewsImage.gallery(stored: article.gallery).prefix(Self.imagesPerArticle).enumerated().compactMap { index, entry in
            guard let width = entry.width, let height = entry.height else { return nil }
            let full: (url: String, width: Int, height: Int)
            let thumbnail: String
            let version = MediaVersion.device(json.device)
            if let url = json.mediaURL(entry.url, version.queryPairs), let square = json.mediaURL(entry.url, FlokiCell.gallery.thumbnailPairs(on: json.device))
            {
                let size = version.size(ofWidth: width, height: height)
                full = (url, size.width, size.height)
                thumbnail = square
            } else {
                let url = json.absolute(entry.url(for: json.device))
                full = (url, width, height)
                thumbnail = url
            }
            let caption = [entry.caption, entry.credit].filter { !$0.isEmpty }.joined(separator: " — ")
            return [
                "id": .int(article.id * Self.imagesPerArticle + index), "sort_id": .int(NewsJSON.sortID(article) * 100 + 99 - index),
                "section_ids": [.int(article.categoryID)], "title": .string(article.title), "url": .string(full.url),
                "image": .string(thumbnail), "width": .int(full.width), "height": .int(full.height), "max_zoom": 2,
                "caption_text": .string(caption), "share_url": .string(json.webURL(published)), "expiration_date": .int(article.expiresAt ?? 0),
                "online": false,
            ]
        }
    }
}
