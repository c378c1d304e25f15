import Crypto
import NIOConcurrencyHelpers
import Text

/// What a hook answers: the `response_data` of the envelope, plus any headers it needs to set.
public struct HookResponse: Sendable {
    /// The envelope's `response_data`; an object except where the reference documents an array.
    public var data: JSONValue
    /// Extra response headers, e.g. `Set-Cookie` lines.
    public var headers: [(name: String, value: String)]
    /// Whether the answer gets an `ETag` and honours `If-None-Match` (reads that clients cache).
    public var isCacheable: Bool
    /// Who may keep the answer and for how long.
    public var caching: CachePolicy
    /// Whether `data` is the whole document (a Floki feed) rather than the envelope's `response_data`.
    public var isDocument: Bool
    /// `data` serialized once with its entity tag (``rendered()``), for answers kept and sent many
    /// times; nil: the envelope serializes `data` and tags the body itself.
    public private(set) var rendering: Rendering?
    /// An answer that goes on after its head (Server-Sent Events): `data` is then unused.
    public var stream: EventStream?

    public init(
        data: JSONValue = .emptyObject, headers: [(name: String, value: String)] = [], isCacheable: Bool = false, caching: CachePolicy = .private,
        isDocument: Bool = false, stream: EventStream? = nil
    ) {
        self.data = data
        self.headers = headers
        self.isCacheable = isCacheable
        self.caching = caching
        self.isDocument = isDocument
        self.stream = stream
    }

    /// This answer with its data serialized and tagged now, so sending it again costs neither.
    public func rendered() -> HookResponse {
        var response = self
        response.rendering = Rendering(self.data)
        return response
    }

    /// Serialized data (UTF-8 bytes) and its strong entity tag (a digest of them), plus the body the
    /// server framed around them the first time it sent them, so later sends copy nothing.
    public final class Rendering: Sendable {
        public let bytes: [UInt8]
        public let tag: String
        private let framed = NIOLockedValueBox<(any Sendable)?>(nil)

        init(_ data: JSONValue) {
            self.bytes = data.serializedBytes
            self.tag = "\"" + String(Hex.encode(SHA256.hash(data: self.bytes)).prefix(32)) + "\""
        }

        /// The body `frame` makes of ``bytes`` (the envelope around them, in the server's buffer
        /// type), made once.
        public func framedBody<Body: Sendable>(_ frame: () -> Body) -> Body {
            self.framed.withLockedValue { kept in
                if let body = kept as? Body { return body }
                let body = frame()
                kept = body
                return body
            }
        }
    }
}

/// The caching headers of an answer (RFC 9111).
public enum CachePolicy: Sendable, Equatable {
    /// Composr's headers: `no-cache`, an `Expires` in the past and `Pragma: no-cache` (what the SDKs
    /// were written against, and right for anything about the caller).
    case `private`
    /// The same for every caller: any cache may keep it `maxAge` seconds and serve it stale for five
    /// minutes while revalidating; `lastModified` (Unix time) answers `If-Modified-Since`.
    case shared(maxAge: Int, lastModified: Int?)
    /// The same for every caller but changing with every write: kept, yet revalidated every time.
    case revalidated(lastModified: Int?)
    /// Never kept (`no-store`): failures of answers that are otherwise shared, so no cache holds on to
    /// an outage or a refusal.
    case notStored
    /// Holds a secret (a device token): never kept by any cache, the device's own included
    /// (`private, no-store`, with Composr's `Expires` and `Pragma` for old proxies).
    case secret

    /// The answer's `Last-Modified`, if it has one.
    public var lastModified: Int? {
        switch self {
        case .private, .notStored, .secret: nil
        case .shared(_, let time), .revalidated(let time): time
        }
    }
}
