import Auth
import EndpointCore
import Media
import Messages
import NIOConcurrencyHelpers
import Storage
import Text

/// What a write to the filesystem carries besides its path: the `data` parameter, the uploaded file,
/// who writes, what to write with, what a filesystem prepared before the transaction and what the
/// answer adds. What the write makes stale its stores mark, and the database has forgotten once the
/// transaction is committed.
final class CommandrWrite: Sendable {
    let data: String
    let upload: [UInt8]?
    /// The body of a REST write of a video, not yet read (``CommandrFilesystem/streamsFile(_:)``).
    let uploadChunks: UploadChunks?
    let actorID: Int
    let context: CommandrContext
    /// When the write happens (the site's clock, read once for everything the write stamps).
    let now: Int
    private let inspected = NIOLockedValueBox<InspectedImage?>(nil)
    private let checkedVideo = NIOLockedValueBox<CheckedVideo?>(nil)
    private let answerFields = NIOLockedValueBox<[(key: String, value: JSONValue)]>([])
    private let committedSteps = NIOLockedValueBox<[@Sendable () -> Void]>([])

    init(data: String, upload: [UInt8]?, uploadChunks: UploadChunks?, actorID: Int, context: CommandrContext) {
        self.data = data
        self.upload = upload
        self.uploadChunks = uploadChunks
        self.actorID = actorID
        self.context = context
        self.now = context.clock.now
    }

    /// The uploaded image, checked before the transaction (``CommandrFilesystem/prepare(_:type:_:)``).
    var image: InspectedImage? {
        get { self.inspected.withLockedValue { $0 } }
        set { self.inspected.withLockedValue { $0 = newValue } }
    }

    /// The uploaded video, received and checked before the transaction.
    var video: CheckedVideo? {
        get { self.checkedVideo.withLockedValue { $0 } }
        set { self.checkedVideo.withLockedValue { $0 = newValue } }
    }

    /// Adds `key` to the write's answer (an upload's `id` and `url`).
    func answer(_ key: String, _ value: JSONValue) {
        self.answerFields.withLockedValue { $0.append((key, value)) }
    }

    /// Has `step` run once the write's transaction is committed (files of what it deleted), never
    /// when it rolls back.
    func whenCommitted(_ step: @escaping @Sendable () -> Void) {
        self.committedSteps.withLockedValue { $0.append(step) }
    }

    /// Runs the steps ``whenCommitted(_:)`` was given: the transaction was committed.
    func committed() {
        for step in self.committedSteps.withLockedValue({ $0 }) { step() }
    }

    /// What the filesystem added to the answer.
    var answered: [(key: String, value: JSONValue)] { self.answerFields.withLockedValue { $0 } }

    /// The data as a property object (`""` is an empty one); refused when it is anything else.
    func properties() throws(EndpointError) -> CommandrProperties {
        let trimmed = self.data.trimmingWhitespace
        if trimmed.isEmpty { return CommandrProperties([]) }
        guard case .object(let pairs)? = JSONValue(parsing: trimmed) else { throw .refused(.invalidPropertyData) }
        return CommandrProperties(pairs)
    }
}
