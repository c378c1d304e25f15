public import EndpointCore
public import Messages
public import Storage

extension NewsLiveFeed {
    /// How long a client refused for too many streams is asked to wait.
    static let busyRetrySeconds = 10

    /// A live stream for a `content/news` `live` request: its categories resolved (an unknown one
    /// refused, naming it) and a place taken in the feed (429 with `Retry-After` past `limits`). It
    /// resumes from `lastEventID` (what a reconnecting `EventSource` sends), else from `since`.
    public func open(_ parameters: NewsParameters, lastEventID: String?, network: String, limits: Limits) async throws -> EventStream {
        var categoryIDs: Set<Int>?
        if let references = parameters.categories {
            categoryIDs = try await self.database.withConnection { try await NewsAnswers.categoryIDs(references, on: $0) }
        }
        guard let subscription = self.subscribe(network: network, limits: limits) else {
            throw Refusal(.limited, .newsLiveBusy, [String(Self.busyRetrySeconds)], retryAfterSeconds: Self.busyRetrySeconds)
        }
        let resume: NewsLiveStream.Resume =
            if let lastEventID, !lastEventID.isEmpty {
                SyncToken(token: lastEventID).map { .token($0) } ?? .unreadable
            } else {
                parameters.since.map { .token($0) } ?? .start
            }
        let view = NewsLiveView(categoryIDs: categoryIDs, device: parameters.device, fields: parameters.fields)
        return NewsLiveStream(subscription: subscription, view: view, resumeFrom: resume).answer
    }
}
