/// What a kept answer is kept under: the resource, the language of a Floki document's footers, and
/// the parsed parameters themselves (of `content/news`, or of the MIT News apps' stories), never the
/// text a client sent (a `d` of any length is one of three device classes here). Being the
/// parameters' own value, a parameter added to ``NewsParameters`` or ``MITStoriesQuery`` is part of
/// the key without anyone remembering to add it.
struct NewsAnswerKey: Hashable, Sendable {
    var resource: String
    var documentLanguage: String?
    var parameters: NewsParameters?
    var mitStories: MITStoriesQuery?

    /// Whether the answer is a search's (words were sent): kept apart from the others.
    var isSearch: Bool {
        self.parameters?.search != nil || self.mitStories?.isSearch == true
    }

    /// About what the key holds in memory, for the cache's byte budget: its text and a fixed share
    /// for the numbers and tokens (all of bounded size).
    var bytes: Int {
        let texts = (self.parameters?.categories ?? []) + (self.parameters?.search?.words ?? []) + (self.mitStories?.search?.words ?? [])
        return self.resource.utf8.count + texts.reduce(0) { $0 + $1.utf8.count } + (self.mitStories?.category?.utf8.count ?? 0) + 256
    }
}
