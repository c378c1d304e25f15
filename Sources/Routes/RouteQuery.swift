package import Messages

/// A URL's query: the text a request carried after `?`, read as name/value pairs when a route needs
/// them, or printed from pairs, each name and value percent-encoded (``FormURLEncoding/encode(_:)``),
/// so that what is printed reads back as the same pairs.
public struct RouteQuery: Hashable, Sendable {
    /// The text after `?`, as sent or printed; nil when the URL has no `?`.
    public let raw: String?

    public init(raw: String?) {
        self.raw = raw
    }

    /// The query of `pairs`, in their order; no query at all when there are none.
    public init(_ pairs: [(name: String, value: String)]) {
        self.raw = pairs.isEmpty ? nil : pairs.map { FormURLEncoding.encode($0.name) + "=" + FormURLEncoding.encode($0.value) }.joined(separator: "&")
    }

    /// No query.
    public static let none = RouteQuery(raw: nil)

    /// The pairs, in order (a malformed escape or text that is not UTF-8 is a 400).
    package func pairs() throws(Refusal) -> [(name: String, value: String)] {
        try FormURLEncoding.decode((self.raw ?? "").utf8)
    }

    /// The fields by name (a name sent twice, a malformed escape or text that is not UTF-8 is a 400).
    package func table() throws(Refusal) -> [String: String] {
        try FormURLEncoding.table((self.raw ?? "").utf8)
    }

    /// The value of the first field named `name`, read leniently (a field that does not decode is
    /// absent): for pages and images, whose clients append what they like.
    public func first(_ name: String) -> String? {
        for field in (self.raw ?? "").split(separator: "&") {
            let parts = field.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard (try? FormURLEncoding.decodeComponent(parts[0].utf8)) == name else { continue }
            return parts.count == 2 ? try? FormURLEncoding.decodeComponent(parts[1].utf8) : ""
        }
        return nil
    }
}
