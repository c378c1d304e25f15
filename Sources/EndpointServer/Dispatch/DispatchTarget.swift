/// Which hook a request is for, and with which `type`, `id` and `response_type`.
///
/// Resolves both URL styles Composr defines (reference §1): the REST path
/// (`/data/endpoint.php/{hook_type}/{hook}/{id…}`, type from the HTTP method) and query parameters,
/// which override whatever the path and method gave.
package struct DispatchTarget: Equatable {
    package var hookType: String?
    package var hook: String?
    package var type: String?
    package var id: String?
    package var responseType: String?

    /// - Parameters:
    ///   - pathInfo: the decoded path after `/data/endpoint.php` (empty in query style).
    ///   - method: the HTTP method, upper case.
    ///   - query: the query-string fields.
    package init(pathInfo: String, method: String, query: [String: String]) {
        if !pathInfo.isEmpty {
            self.type = Self.type(for: method)
            self.parsePath(pathInfo)
        }
        guard !query.isEmpty else { return }
        self.hookType = query["hook_type"] ?? self.hookType
        self.hook = query["hook"] ?? self.hook
        self.type = query["type"] ?? self.type
        self.id = query["id"] ?? self.id
        self.responseType = query["response_type"] ?? self.responseType
    }

    /// Composr's method → type table (§1.3).
    static func type(for method: String) -> String {
        switch method {
        case "POST": "add"
        case "PUT": "edit"
        case "DELETE": "delete"
        default: "view"
        }
    }

    /// Whether `name` is a plain word (`\w+`, ASCII), the only names a hook can have.
    package static func isWord(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy(Self.isWordByte)
    }

    /// Applies `^(/\w+)(/\w+)?(/.+)?` (anchored at the start only, §1.2): the first word is the hook
    /// type, an optional second word the hook, and anything after a further `/` the ID, with all its
    /// leading slashes removed. Trailing text that does not start with `/` is ignored.
    private mutating func parsePath(_ path: String) {
        var rest = Substring(path)
        guard let hookType = Self.takeWordSegment(&rest) else { return }
        self.hookType = hookType
        self.hook = Self.takeWordSegment(&rest)
        // Bytes, as PCRE reads them: a "/" followed by a combining mark is one character but still a slash.
        let line = rest.utf8.prefix { $0 != UInt8(ascii: "\n") }
        if line.first == UInt8(ascii: "/"), line.count >= 2 {
            let id = line.drop { $0 == UInt8(ascii: "/") }
            self.id = id.isEmpty ? nil : String(Substring(id))
        }
    }

    /// Removes and returns `/word` from the front of `rest`, if it starts with one.
    private static func takeWordSegment(_ rest: inout Substring) -> String? {
        guard rest.hasPrefix("/") else { return nil }
        let word = rest.dropFirst().utf8.prefix { Self.isWordByte($0) }
        guard !word.isEmpty else { return nil }
        rest = rest.dropFirst(1 + word.count)
        return String(Substring(word))
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
            true
        default:
            false
        }
    }
}
