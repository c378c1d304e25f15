/// One API operation family reachable at `/data/endpoint.php`, e.g. `account/login`.
///
/// A hook is one type in one file; it receives its dependencies (stores, mailers…) when constructed and
/// is registered under one or more ``HookKey``s in ``HookRegistry``. It answers with a
/// ``HookResponse`` or throws: an ``EndpointError``, or a feature's `Refusal` (or an error that says
/// which it is, `RefusalConvertible`: a rule's refusal, the database unavailable), becomes its own
/// envelope and status (``RefusalStatuses``); any other error is logged and becomes a 500 envelope
/// saying only that something went wrong, with the request's ID.
public protocol Hook: Sendable {
    /// Whether every caller gets the same answer: credentials are then not looked up at all (the
    /// caller is always Guest), and failures are marked `no-store` so no shared cache keeps them.
    var isPublic: Bool { get }

    /// Whether the hook answers `response_type=floki` (any other hook refuses it as Composr refuses
    /// anything but JSON).
    var speaksFloki: Bool { get }

    /// What the operation `type` (nil when the request named none) does, for the cross-site rules of
    /// ``OperationEffect``. Anything a hook does not declare read-only is taken to change state.
    func effect(of type: String?) -> OperationEffect

    /// The request parameters the hook reads (form or query fields), by name: what the API
    /// description must describe for it, no more and no less (`APIDescriptionTests`). Debug builds
    /// stop at a read of any other name (``RequestParameters``), so the list cannot fall behind the
    /// code. The credentials and `keep_lang`, which the server reads for every hook, are not among them.
    var parameterNames: Set<String> { get }

    /// Whether the hook takes files: the raw body of a REST-style write, or the `data` file part of a
    /// multipart form, reaches it as ``HookRequest/upload`` (bytes, not text), within the server's
    /// upload limit rather than its body limit.
    var acceptsUploads: Bool { get }

    /// Whether a REST-style upload to resource `id` (a hook that ``acceptsUploads``) reaches the hook
    /// as it arrives (``HookRequest/uploadChunks``) rather than read whole within the upload limit: for
    /// files larger than memory should hold (videos). Its credentials come from headers or cookies only.
    func streamsUpload(to id: String?) -> Bool

    /// Whether the hook may answer with an ``EventStream``: the request then carries the
    /// `Last-Event-ID` header a reconnecting `EventSource` sends (``HookRequest/lastEventID``); no other
    /// hook pays for reading it.
    var streamsEvents: Bool { get }

    func run(_ request: HookRequest) async throws -> HookResponse
}

extension Hook {
    public var isPublic: Bool { false }
    public var speaksFloki: Bool { false }
    public var acceptsUploads: Bool { false }
    public func streamsUpload(to id: String?) -> Bool { false }
    public var streamsEvents: Bool { false }
    public func effect(of type: String?) -> OperationEffect { .changesState }
}
