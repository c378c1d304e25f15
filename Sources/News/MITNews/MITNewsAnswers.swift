import EndpointCore
import Messages
import Storage
import Text

/// The MIT News apps' answers, each read on one connection: bare JSON arrays (and one story alone),
/// as both apps map the response's root. What is shown is judged as `content/news` judges it
/// (``NewsAnswers/moment(_:after:)``).
struct MITNewsAnswers {
    let connection: StoreConnection
    let json: MITNewsJSON
    let clock: SiteClock
    let categoryList: (_ now: Int) async throws -> [PublishedCategory]

    /// Every category, in the site's order.
    func categories() async throws -> NewsAnswers.Answer {
        let state = try await NewsChangeLog.state(on: self.connection)
        let categories = try await self.categoryList(NewsAnswers.moment(self.clock, after: state.latestTime))
        return NewsAnswers.Answer(data: .array(categories.map(self.json.category)), lastModified: state.latestTime)
    }

    /// A page of stories, newest first. Paged two ways: `offset` (Android), and the `Link` header's
    /// next URL (iOS), whose cursor continues after the last story sent, so stories published
    /// meanwhile neither repeat nor push any out of the next page. `nextLink` makes that URL.
    func stories(_ query: MITStoriesQuery, nextLink: (String) -> String) async throws -> NewsAnswers.Answer {
        let state = try await NewsChangeLog.state(on: self.connection)
        var categoryID: Int?
        if let reference = query.category {
            guard let id = try await NewsFeedStore.categoryID(reference, on: self.connection) else {
                throw Refusal.notFound(.newsUnknownCategory, TextLength.prefix(reference, 60))
            }
            categoryID = id
        }
        guard !query.searchTooShort else { return NewsAnswers.Answer(data: .array([]), lastModified: state.latestTime) }
        let list = query.listKey(categoryID: categoryID)
        if let cursor = query.cursor, cursor.filters != list { throw Refusal.malformed(.newsCursorOtherList) }
        let position = query.cursor.map { NewsFeedStore.Position(addDate: $0.addDate, id: $0.id) }
        let now = NewsAnswers.moment(self.clock, after: state.latestTime)
        var stories: [PublishedArticle]
        var stoppedAt: NewsFeedStore.Position?
        if let search = query.search {
            let found = try await NewsSearchStore.articles(
                matching: search, in: categoryID.map { [$0] }, featuredOnly: query.featuredOnly, after: position, limit: query.limit + 1,
                offset: query.offset, now: now, on: self.connection)
            (stories, stoppedAt) = (found.articles, found.stoppedAt)
        } else {
            stories = try await NewsFeedStore.articles(
                in: categoryID.map { [$0] }, featuredOnly: query.featuredOnly, after: position, limit: query.limit + 1, offset: query.offset,
                now: now, on: self.connection)
        }
        let hasMore = stories.count > query.limit
        stories = Array(stories.prefix(query.limit))
        var answer = NewsAnswers.Answer(data: .array(stories.map(self.json.story)), lastModified: state.latestTime)
        let next = hasMore ? stories.last.map { NewsFeedStore.Position(addDate: $0.article.addDate, id: $0.article.id) } : stoppedAt
        if let next {
            let cursor = NewsCursor(addDate: next.addDate, id: next.id, filters: list).token
            answer.headers.append((name: "Link", value: "<\(nextLink(cursor))>; rel=\"next\""))
        }
        return answer
    }

    /// One shown story, by ID or moniker.
    func story(_ reference: String) async throws -> NewsAnswers.Answer {
        guard let story = try await NewsFeedStore.article(reference, now: NewsAnswers.moment(self.clock, after: nil), on: self.connection) else {
            throw Refusal.notFound(.newsUnknownArticle)
        }
        return NewsAnswers.Answer(data: self.json.story(story), lastModified: story.article.updatedAt)
    }
}
