import Auth
import EndpointCore
import Media
import Messages
import NIOConcurrencyHelpers
import Storage
import Text

/// What a write to the filesystem carries besides its path: the `data` parameter, the uploaded file,
/// who writes, what to write with, what a filesystem prepared before the transaction, what the answer
/// adds, and what must be forgotten once the transaction is committed.
final class CommandrWrite: Sendable {
    let data: String
    let upload: [UInt8]?
    let actorID: Int
    let context: CommandrContext
    /// When the write happens (the site's clock, read once for everything the write stamps).
    let now: Int
    private let membersToForget = NIOLockedValueBox<Set<Int>>([])
    private let groupsChanged = NIOLockedValueBox(false)
    private let inspected = NIOLockedValueBox<InspectedImage?>(nil)
    private let answerFields = NIOLockedValueBox<[(key: String, value: JSONValue)]>([])
    private let afterCommit = NIOLockedValueBox<[@Sendable () -> Void]>([])

    init(data: String, upload: [UInt8]?, actorID: Int, context: CommandrContext) {
        self.data = data
        self.upload = upload
        self.actorID = actorID
        self.context = context
        self.now = context.clock.now
    }

    /// The uploaded image, checked before the transaction (``CommandrFilesystem/prepare(_:type:_:)``).
    var image: InspectedImage? {
        get { self.inspected.withLockedValue { $0 } }
        set { self.inspected.withLockedValue { $0 = newValue } }
    }

    /// Adds `key` to the write's answer (an upload's `id` and `url`).
    func answer(_ key: String, _ value: JSONValue) {
        self.answerFields.withLockedValue { $0.append((key, value)) }
    }

    /// What the filesystem added to the answer.
    var answered: [(key: String, value: JSONValue)] { self.answerFields.withLockedValue { $0 } }

    /// Runs `work` once the transaction is committed (forgetting a deleted image's versions).
    func whenCommitted(_ work: @escaping @Sendable () -> Void) {
        self.afterCommit.withLockedValue { $0.append(work) }
    }

    /// The data as a property object (`""` is an empty one); refused when it is anything else.
    func properties() throws(EndpointError) -> CommandrProperties {
        let trimmed = self.data.trimmingWhitespace
        if trimmed.isEmpty { return CommandrProperties([]) }
        guard case .object(let pairs)? = JSONValue(parsing: trimmed) else { throw .refused(.invalidPropertyData) }
        return CommandrProperties(pairs)
    }

    /// Notes that `memberID`'s sessions or permissions changed, so caches must drop them after commit.
    func forgetMember(_ memberID: Int) {
        self.membersToForget.withLockedValue { _ = $0.insert(memberID) }
    }

    /// Notes that a group's standing changed, so every remembered membership must be dropped.
    func forgetAllMemberships() {
        self.groupsChanged.withLockedValue { $0 = true }
    }

    /// Runs the after-commit work: forgets what the write made stale (`stale`, the filesystem's, and
    /// the members and groups it noted) and runs what it asked to run.
    func committed(stale: CommandrStaleAnswers) {
        let caches = self.context.caches
        if stale.contains(.config) { caches.configChanged() }
        if stale.contains(.news) { caches.newsChanged() }
        if self.groupsChanged.withLockedValue({ $0 }) { caches.groupsChanged() }
        for memberID in self.membersToForget.withLockedValue({ $0 }) { caches.memberChanged(memberID) }
        for work in self.afterCommit.withLockedValue({ $0 }) { work() }
    }
}
