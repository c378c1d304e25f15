import Synchronization

/// What the writes on one lent connection made stale, in the vocabulary of the cache announcements:
/// kept until they commit, then handed to the database's handler, so this instance forgets them at
/// once whichever face wrote (PostgreSQL's triggers announce the same to every instance). A
/// transaction rolled back hands nothing over.
final class StaleMarks: Sendable {
    private let marks = Mutex<[CacheAnnouncement]>([])

    func add(_ announcement: CacheAnnouncement) {
        self.marks.withLock { marks in
            if !marks.contains(announcement) { marks.append(announcement) }
        }
    }

    /// The marks made so far, forgotten here.
    func take() -> [CacheAnnouncement] {
        self.marks.withLock { marks in
            defer { marks = [] }
            return marks
        }
    }
}
