import EndpointCore
import EndpointServer
import Messages
import News
import Routes

extension FuzzTarget {
    /// The query string of a `content/news` request, read as the hook reads it, and of an MIT News
    /// app's stories request, read as its route reads it.
    ///
    /// Properties: a refusal says the input is malformed (a 400); numbers are within their ranges; a cursor or sync token that was
    /// accepted is written back as the same token and reads back equal; search words are non-empty,
    /// distinct, at most 20, and already folded (folding them again changes nothing).
    static let newsParameters = FuzzTarget(name: "news-parameters") { input in
        let query: [String: String]
        let parameters: NewsParameters
        do throws(Refusal) {
            query = try FormURLEncoding.table(input)
            parameters = try NewsParameters(RequestParameters(post: [:], query: query))
        } catch {
            return error.kind == .malformed ? nil : "refused as \(error.kind), not as malformed"
        }
        guard (1...100).contains(parameters.limit), (1...20).contains(parameters.perCategory), parameters.page >= 1 else {
            return "a number outside its range was accepted"
        }
        if let since = parameters.since, SyncToken(token: since.token) != since { return "a sync token does not read back as itself" }
        return Self.checkList(cursor: parameters.cursor, words: parameters.search?.words) ?? Self.checkMITStories(query)
    }

    /// The properties of an MIT News stories request read from `query`.
    private static func checkMITStories(_ query: [String: String]) -> String? {
        let stories: MITStoriesQuery
        do throws(Refusal) {
            stories = try MITStoriesQuery(RequestParameters(post: [:], query: query))
        } catch {
            return error.kind == .malformed ? nil : "MIT News: refused as \(error.kind), not as malformed"
        }
        guard (1...100).contains(stories.limit), (0...100_000).contains(stories.offset) else { return "MIT News: a number outside its range" }
        guard !(stories.searchTooShort && stories.search != nil) else { return "MIT News: a search both too short and run" }
        return Self.checkList(cursor: stories.cursor, words: stories.search?.words).map { "MIT News: " + $0 }
    }

    /// A list's cursor reads back as itself; its search words are non-empty, distinct, at most 20 and
    /// folded.
    private static func checkList(cursor: NewsCursor?, words: [String]?) -> String? {
        if let cursor, NewsCursor(token: cursor.token) != cursor { return "a cursor does not read back as itself" }
        if let words {
            guard words.count <= 20, Set(words).count == words.count, words.allSatisfy({ !$0.isEmpty && SearchText.fold($0) == $0 }) else {
                return "search words that are empty, repeated or not folded: \(words)"
            }
        }
        return nil
    }

    /// An `If-Modified-Since` header.
    ///
    /// Properties: a date that was read is written as an IMF-fixdate that reads back as the same time.
    static let httpDate = FuzzTarget(name: "http-date") { input in
        guard let time = HTTPDate.parse(input.lossyText) else { return nil }
        return HTTPDate.parse(HTTPDate.format(time)) == time ? nil : "\(time) does not survive being written and read"
    }
}
