import Storage

/// The change log read as live events: what the tail of the live feed publishes and what a
/// reconnecting stream catches up with, by one rule, so both say the same of every change.
///
/// A change to an article shown now is `upserted` (the article as it is now, as `changes` sends it),
/// one to an article no longer shown that was shown once is `deleted`, one to a draft never shown is
/// nothing; whenever a batch holds an event or a category change, it ends with the whole category
/// list (counts change with articles), under the batch's last number.
struct NewsLiveLog {
    let databaseID: String
    let publicURL: String
    let clock: SiteClock

    /// At most this many changes per read.
    static let batchSize = 200

    /// The events of the changes after `seq` and up to `through` (nil: the newest), at most a batch;
    /// and the number read up to, and whether more remain.
    func events(after seq: Int, through: Int? = nil, on connection: StoreConnection) async throws -> (events: [NewsLiveEvent], readThrough: Int, more: Bool) {
        let rows = try await NewsChangeLog.changes(after: seq, limit: Self.batchSize + 1, on: connection).filter { row in
            through.map { row.seq <= $0 } ?? true
        }
        let taken = rows.prefix(Self.batchSize)
        guard let last = taken.last?.seq else { return ([], through.map { max($0, seq) } ?? seq, false) }
        let now = NewsAnswers.moment(self.clock, after: taken.map(\.time).max())
        let shown = try await NewsFeedStore.articles(ids: Array(Set(taken.filter { $0.type == .news }.map(\.id))), now: now, on: connection)
        let byID = Dictionary(shown.map { ($0.article.id, $0) }, uniquingKeysWith: { first, _ in first })
        var events: [NewsLiveEvent] = taken.compactMap { row in
            guard row.type == .news else { return nil }
            if let article = byID[row.id] { return self.event(row.seq, .upserted(article)) }
            return row.wasShown ? self.event(row.seq, .deleted(articleID: row.id)) : nil
        }
        if !events.isEmpty || taken.contains(where: { $0.type == .newsCategory }) {
            events.append(self.event(last, .categories(try await NewsFeedStore.categories(now: now, on: connection))))
        }
        return (events, last, rows.count > Self.batchSize)
    }

    /// The category list as of now, as a stream's first event (`seq`: where the stream starts).
    func categories(at seq: Int, on connection: StoreConnection) async throws -> NewsLiveEvent {
        self.event(seq, .categories(try await NewsFeedStore.categories(now: self.clock.now, on: connection)))
    }

    /// The event telling a client its token cannot be resumed from, and the token to go on with.
    func reset(at seq: Int) -> NewsLiveEvent {
        self.event(seq, .reset)
    }

    /// An event of `change` at `seq`; its ID says whether the category list after it is still to
    /// come (every event but the category list's own: ``SyncToken/categoriesPending``).
    private func event(_ seq: Int, _ change: NewsLiveEvent.Change) -> NewsLiveEvent {
        let pending: Bool
        if case .categories = change { pending = false } else { pending = true }
        return NewsLiveEvent(
            seq: seq, token: SyncToken(databaseID: self.databaseID, seq: seq, categoriesPending: pending).token, change: change,
            publicURL: self.publicURL)
    }
}
