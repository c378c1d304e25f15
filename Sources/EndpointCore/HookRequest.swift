public import Logging
public import Messages

/// Everything a hook gets to know about one call.
///
/// Built by the dispatcher after parameters were parsed and credentials recognised, so hooks deal only
/// with typed values, never with HTTP.
public struct HookRequest: Sendable {
    /// The hook's key as requested.
    public let key: HookKey
    /// `view`, `add`, `edit`, `delete`, `search`…, or nil in query style without `type`.
    public let type: String?
    /// The resource ID from the path or query, or nil.
    public let id: String?
    /// The document asked for (`response_type`); only hooks that speak Floki see `.floki`.
    public let responseType: ResponseType
    /// Parameters with Composr's reading rules.
    public let parameters: RequestParameters
    /// Who is calling.
    public let caller: Caller
    /// The client's IP address as trusted by the server.
    public let clientAddress: String
    /// The file sent to a hook that accepts uploads (``Hook/acceptsUploads``): the raw body of a
    /// REST-style write, or the `data` file part of a multipart form; nil when none came.
    public let upload: [UInt8]?
    /// The body of a REST-style upload the hook takes as it arrives (``Hook/streamsUpload(to:)``),
    /// not yet read; nil otherwise (then ``upload`` holds what came).
    public let uploadChunks: UploadChunks?
    /// The `User-Agent` header, or empty.
    public let userAgent: String
    /// The request ID, also in the `X-Request-Id` header and in every log line of this request.
    public let requestID: String
    /// The language this answer is in, as the catalog its sentences come from (`keep_lang`, the
    /// caller's stored language, `Accept-Language`, the site's: ``Languages/choose(parameter:memberLanguage:acceptLanguage:siteDefault:)``).
    public let language: MessageCatalog
    public let logger: Logger
    /// The `Last-Event-ID` header of a reconnecting event stream, for a hook that ``Hook/streamsEvents``
    /// (nil for every other hook).
    public let lastEventID: String?

    public init(
        key: HookKey,
        type: String?,
        id: String?,
        responseType: ResponseType = .json,
        parameters: RequestParameters,
        upload: [UInt8]? = nil,
        uploadChunks: UploadChunks? = nil,
        caller: Caller,
        clientAddress: String,
        userAgent: String,
        requestID: String,
        language: MessageCatalog,
        logger: Logger,
        lastEventID: String? = nil
    ) {
        self.key = key
        self.type = type
        self.id = id
        self.responseType = responseType
        self.parameters = parameters
        self.upload = upload
        self.uploadChunks = uploadChunks
        self.caller = caller
        self.clientAddress = clientAddress
        self.userAgent = userAgent
        self.requestID = requestID
        self.language = language
        self.logger = logger
        self.lastEventID = lastEventID
    }
}

/// What a request's answer is: Composr's JSON envelope, or a bare Floki document (`response_type=floki`,
/// for the news-reader clients of the Floki protocol).
public enum ResponseType: Sendable, Equatable {
    case json
    case floki
}
