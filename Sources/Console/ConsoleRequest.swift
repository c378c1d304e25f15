public import Auth
public import Messages
public import Routes

/// A request to the console as the console reads it, decoded by the HTTP layer: the page, the method,
/// the query and a posted form's fields, the cookies, whether a browser said it comes from another
/// site, who sent it and the language to answer in. The console needs nothing else of HTTP.
public struct ConsoleRequest: Sendable {
    public enum Method: Sendable { case get, post }

    public var route: ConsoleRoute
    public var method: Method
    public var query: RouteQuery
    /// A posted form's fields (empty for a GET).
    public var form: [String: String]
    /// A posted form's files: field name, the name the browser gave the file, its bytes.
    public var files: [(name: String, fileName: String, bytes: ArraySlice<UInt8>)]
    public var cookies: [String: String]
    /// Whether `Origin` or `Sec-Fetch-Site` says another site made the browser send it.
    public var isCrossSite: Bool
    public var client: Login.Client
    public var messages: MessageCatalog

    public init(
        route: ConsoleRoute, method: Method, query: RouteQuery, form: [String: String] = [:],
        files: [(name: String, fileName: String, bytes: ArraySlice<UInt8>)] = [],
        cookies: [String: String], isCrossSite: Bool, client: Login.Client, messages: MessageCatalog
    ) {
        self.route = route
        self.method = method
        self.query = query
        self.form = form
        self.files = files
        self.cookies = cookies
        self.isCrossSite = isCrossSite
        self.client = client
        self.messages = messages
    }

}
