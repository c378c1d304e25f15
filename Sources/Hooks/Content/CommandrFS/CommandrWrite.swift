import Auth
import EndpointCore
import Messages
import NIOConcurrencyHelpers

/// What a write to the filesystem carries besides its path: the `data` parameter, who writes, what to
/// write with, and what must be forgotten once the transaction is committed.
final class CommandrWrite: Sendable {
    let data: String
    let actorID: Int
    let context: CommandrContext
    private let membersToForget = NIOLockedValueBox<Set<Int>>([])
    private let groupsChanged = NIOLockedValueBox(false)

    init(data: String, actorID: Int, context: CommandrContext) {
        self.data = data
        self.actorID = actorID
        self.context = context
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

    /// Runs the after-commit work.
    func committed() {
        let caches = self.context.caches
        caches.configChanged()
        caches.newsChanged()
        if self.groupsChanged.withLockedValue({ $0 }) { caches.groupsChanged() }
        for memberID in self.membersToForget.withLockedValue({ $0 }) { caches.memberChanged(memberID) }
    }
}
