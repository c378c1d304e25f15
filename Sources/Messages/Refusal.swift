/// A feature's refusal: what kind of failure it is, and the catalog's sentence for it.
///
/// Features know nothing of the wire. They say *what* went wrong — a value the caller sent is
/// refused, the thing changed under them, it does not exist, they asked too often, the server cannot
/// serve it now, the request is not well formed — and each face chooses the status of each kind in
/// one place: Composr's API in `EndpointCore` (its refusals are HTTP 200, as the phone SDKs need), the
/// site's other routes and the console in HTTP's own statuses.
public struct Refusal: Error, Sendable, Equatable {
    /// What kind of failure the refusal is.
    public enum Kind: Sendable, Equatable, CaseIterable {
        /// A value the caller sent breaks a rule (too long, not an address, taken).
        case invalid
        /// What the caller changed was changed by someone else first (an edit on an old version).
        case conflict
        /// What the caller named does not exist (or the caller may not know that it does).
        case notFound
        /// The caller's standing does not let them do it (a writer publishing, say).
        case forbidden
        /// The caller asked too often: it may try again after ``Refusal/retryAfterSeconds``.
        case limited
        /// The server cannot serve it now (a full pool, the database away): try again shortly.
        case unavailable
        /// The request itself is not well formed (a bad escape, a parameter sent twice).
        case malformed
    }

    public let kind: Kind
    /// The sentence to show.
    public let message: MessageID
    /// Values for the sentence's slots.
    public let arguments: [String]
    /// Seconds before trying again makes sense (limited and unavailable refusals).
    public let retryAfterSeconds: Int?

    public init(_ kind: Kind, _ message: MessageID, _ arguments: [String] = [], retryAfterSeconds: Int? = nil) {
        self.kind = kind
        self.message = message
        self.arguments = arguments
        self.retryAfterSeconds = retryAfterSeconds
    }

    /// A value the caller sent is refused.
    public static func invalid(_ message: MessageID, _ arguments: String...) -> Refusal {
        Refusal(.invalid, message, arguments)
    }

    /// What the caller named does not exist.
    public static func notFound(_ message: MessageID, _ arguments: String...) -> Refusal {
        Refusal(.notFound, message, arguments)
    }

    /// The caller's standing does not let them do it.
    public static func forbidden(_ message: MessageID, _ arguments: String...) -> Refusal {
        Refusal(.forbidden, message, arguments)
    }

    /// What the caller changed was changed first by someone else.
    public static func conflict(_ message: MessageID, _ arguments: String...) -> Refusal {
        Refusal(.conflict, message, arguments)
    }

    /// The request is not well formed.
    public static func malformed(_ message: MessageID, _ arguments: String...) -> Refusal {
        Refusal(.malformed, message, arguments)
    }

    /// The caller asked too often; the sentence's one slot is the wait in whole minutes.
    public static func limited(_ message: MessageID, seconds: Int) -> Refusal {
        Refusal(.limited, message, [String(max(1, (seconds + 59) / 60))], retryAfterSeconds: seconds)
    }
}

/// An error of a feature that is a refusal: each feature's error type says once what it means, and
/// the faces answer whatever conforms.
public protocol RefusalConvertible: Error {
    var refusal: Refusal { get }
}

extension Refusal: RefusalConvertible {
    public var refusal: Refusal { self }
}
