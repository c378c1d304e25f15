public import Auth
public import Messages
public import Routes

/// A request to the console as the console reads it, decoded by the HTTP layer: the page, the method,
/// the query and a posted form's fields, the cookies, whether a browser said it comes from another
/// site, who sent it and the language to answer in. The console needs nothing else of HTTP.
public struct ConsoleRequest: Sendable {
    public enum Method: Sendable { case get, post }

    /// How large a posted form may be, which the console decides from who is asking and the page
    /// before a byte of it is read: the sign-in form is tiny, a page's form a few kilobytes, an
    /// article its text's limit, an upload the media library's (and one of the upload places).
    public enum FormSize: Sendable, Equatable { case signIn, form, article, upload }

    /// A posted form's fields, and its files: field name, the name the browser gave the file, its bytes.
    public typealias PostedForm = (fields: [String: String], files: [(name: String, fileName: String, bytes: ArraySlice<UInt8>)])

    public var route: ConsoleRoute
    public var method: Method
    public var query: RouteQuery
    /// A posted form's fields: empty until ``readForm(_:)`` (and for a GET).
    public private(set) var form: [String: String] = [:]
    /// A posted form's files: field name, the name the browser gave the file, its bytes.
    public private(set) var files: [(name: String, fileName: String, bytes: ArraySlice<UInt8>)] = []
    public var cookies: [String: String]
    /// Whether `Origin` or `Sec-Fetch-Site` says another site made the browser send it.
    public var isCrossSite: Bool
    public var client: Login.Client
    public var messages: MessageCatalog
    /// Reads the body of a POST within a size's limit (the HTTP layer's).
    private let postedForm: @Sendable (FormSize) async throws -> PostedForm
    /// Told the member once the console knows who is signed in (the access log names them).
    let signedIn: @Sendable (_ memberID: Int) -> Void

    public init(
        route: ConsoleRoute, method: Method, query: RouteQuery, cookies: [String: String], isCrossSite: Bool, client: Login.Client,
        messages: MessageCatalog, postedForm: @escaping @Sendable (FormSize) async throws -> PostedForm,
        signedIn: @escaping @Sendable (_ memberID: Int) -> Void
    ) {
        self.route = route
        self.method = method
        self.query = query
        self.cookies = cookies
        self.isCrossSite = isCrossSite
        self.client = client
        self.messages = messages
        self.postedForm = postedForm
        self.signedIn = signedIn
    }

    /// Reads a POST's form, at most `size`: called once the console knows who asks, so nothing of a
    /// body is read for a request it refuses.
    mutating func readForm(_ size: FormSize) async throws {
        guard self.method == .post else { return }
        (self.form, self.files) = try await self.postedForm(size)
    }
}
