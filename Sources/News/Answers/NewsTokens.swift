import Text

/// Where a list page ended, bound to the filters it was made with: `articles&cursor=…` continues the
/// same list, and the same cursor with other filters (or the other order) is refused rather than
/// silently mixing lists.
package struct NewsCursor: Hashable, Sendable {
    var addDate: Int
    var id: Int
    /// ``NewsFilters/key`` of the list.
    var filters: String
    /// In a list ordered by relevance (`sort=relevance`), the last article's rank: words found in its
    /// title and in its summary. Nil in a newest-first list.
    var rank: Rank?

    struct Rank: Hashable, Sendable {
        var titleHits: Int
        var summaryHits: Int
        /// Where the list's ranked window ended (``NewsSearchStore/RankedPosition/windowEnd``).
        var windowEnd: NewsFeedStore.Position?
    }

    package var token: String {
        guard let rank = self.rank else { return OpaqueToken.encode(["c1", String(self.addDate), String(self.id), self.filters]) }
        let windowEnd = rank.windowEnd.map { [String($0.addDate), String($0.id)] } ?? ["", ""]
        return OpaqueToken.encode(
            ["c2", String(rank.titleHits), String(rank.summaryHits), String(self.addDate), String(self.id)] + windowEnd + [self.filters])
    }

    init(addDate: Int, id: Int, filters: String, rank: Rank? = nil) {
        self.addDate = addDate
        self.id = id
        self.filters = filters
        self.rank = rank
    }

    /// The cursor after `ranked`, in a relevance-ordered list.
    init(after ranked: NewsSearchStore.RankedPosition, filters: String) {
        self.init(
            addDate: ranked.addDate, id: ranked.id, filters: filters,
            rank: Rank(titleHits: ranked.titleHits, summaryHits: ranked.summaryHits, windowEnd: ranked.windowEnd))
    }

    /// Where a relevance-ordered list continues; nil for a newest-first cursor.
    var rankedPosition: NewsSearchStore.RankedPosition? {
        self.rank.map {
            NewsSearchStore.RankedPosition(
                titleHits: $0.titleHits, summaryHits: $0.summaryHits, addDate: self.addDate, id: self.id, windowEnd: $0.windowEnd)
        }
    }

    package init?(token: String) {
        guard let fields = OpaqueToken.decode(token) else { return nil }
        switch fields.first {
        case "c1":
            guard fields.count == 4, let addDate = Int(fields[1]), let id = Int(fields[2]), id > 0 else { return nil }
            self.init(addDate: addDate, id: id, filters: fields[3])
        case "c2":
            // Six fields: a cursor of a server that ranked every match (its list goes on ranking all
            // matches from there, up to twice the window). Eight: with where the window ended, or
            // two empty fields when the list ranked every match.
            guard fields.count == 6 || fields.count == 8, let titleHits = Int(fields[1]), let summaryHits = Int(fields[2]), titleHits >= 0,
                summaryHits >= 0, let addDate = Int(fields[3]), let id = Int(fields[4]), id > 0
            else { return nil }
            var windowEnd: NewsFeedStore.Position?
            if fields.count == 8, !(fields[5].isEmpty && fields[6].isEmpty) {
                guard let endDate = Int(fields[5]), let endID = Int(fields[6]), endID > 0 else { return nil }
                windowEnd = NewsFeedStore.Position(addDate: endDate, id: endID)
            }
            self.init(
                addDate: addDate, id: id, filters: fields[fields.count - 1],
                rank: Rank(titleHits: titleHits, summaryHits: summaryHits, windowEnd: windowEnd))
        default:
            return nil
        }
    }
}

/// A position in this database's change log: `changes&since=…` answers what changed after it.
///
/// A live event's ID is one too, and one change can make two events (the article, then the category
/// list that ends its batch): the article's ID says the category list is still to come
/// (`categoriesPending`), so a stream resumed from it sends the list first and one resumed from the
/// list's ID does not. Every event has an ID of its own, and resuming after any of them loses nothing
/// and repeats nothing.
package struct SyncToken: Hashable, Sendable {
    var databaseID: String
    package var seq: Int
    /// The changes up to `seq` were sent, the category list after them not yet.
    package var categoriesPending = false

    package var token: String {
        OpaqueToken.encode(["s1", self.databaseID, String(self.seq)] + (self.categoriesPending ? ["c"] : []))
    }

    package init(databaseID: String, seq: Int, categoriesPending: Bool = false) {
        self.databaseID = databaseID
        self.seq = seq
        self.categoriesPending = categoriesPending
    }

    package init?(token: String) {
        guard let fields = OpaqueToken.decode(token), (3...4).contains(fields.count), fields[0] == "s1", !fields[1].isEmpty,
            let seq = Int(fields[2]), seq >= 0, fields.count == 3 || fields[3] == "c"
        else { return nil }
        self.init(databaseID: fields[1], seq: seq, categoriesPending: fields.count == 4)
    }
}
