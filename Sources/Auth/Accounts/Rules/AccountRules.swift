public import Messages
public import Storage
public import Text

/// The rules a new account's username, e-mail address and password must meet (reference §4.2).
///
/// Shared by `account/join`, the password-reset pages and `endpoint member add`, so an administrator
/// cannot create an account the API would refuse. Values come from the config options of the same
/// names; the defaults are Composr's, except that whitespace in passwords is allowed, an empty password
/// is never accepted and the 30,000 most common passwords are refused (``CommonPasswords``).
public struct AccountRules: Sendable {
    public var minimumUsernameLength: Int
    public var maximumUsernameLength: Int
    public var minimumPasswordLength: Int
    public var maximumPasswordLength: Int
    public var prohibitUsernameWhitespace: Bool
    public var prohibitPasswordWhitespace: Bool
    /// Phrases a username must not contain (case-insensitive). Composr always adds Guest, unknown and
    /// System to its `restricted_usernames` option.
    public var restrictedPhrases: [String]
    /// Domains e-mail addresses must be on (option `valid_email_domains`); empty means any.
    public var allowedEmailDomains: [String]

    /// The rules of the declared defaults.
    public init() {
        self.init(options: ConfigOptions([:]))
    }

    /// The rules set by the config options.
    public init(options: ConfigOptions) {
        self.minimumUsernameLength = options.integer(.minimumUsernameLength)
        self.maximumUsernameLength = max(self.minimumUsernameLength, options.integer(.maximumUsernameLength))
        self.minimumPasswordLength = options.integer(.minimumPasswordLength)
        self.maximumPasswordLength = max(self.minimumPasswordLength, options.integer(.maximumPasswordLength))
        self.prohibitUsernameWhitespace = options.flag(.prohibitUsernameWhitespace)
        self.prohibitPasswordWhitespace = options.flag(.prohibitPasswordWhitespace)
        self.restrictedPhrases = Array(Set(options.list(.restrictedUsernames) + ["Guest", "unknown", "System"])).sorted()
        self.allowedEmailDomains = options.list(.validEmailDomains).map { $0.lowercased() }
    }

    /// A rule that was broken: the catalog sentence that says so.
    public struct Violation: Error, Equatable {
        public let message: MessageID
        public let arguments: [String]

        init(_ message: MessageID, _ arguments: [String] = []) {
            self.message = message
            self.arguments = arguments
        }
    }

    /// Checks a new username and password together, in Composr's order (so the first message a user
    /// sees is the one Composr would show).
    public func check(username: String, password: String) throws(Violation) {
        try self.checkShape(username: username)
        try self.check(password: password)
        try self.checkContent(username: username)
    }

    /// Checks `username`, already trimmed.
    public func check(username: String) throws(Violation) {
        try self.checkShape(username: username)
        try self.checkContent(username: username)
    }

    /// Checks `password` as typed (after trimming, as Composr does).
    public func check(password: String) throws(Violation) {
        if !TextLength.fits(password, atMost: self.maximumPasswordLength) {
            throw Violation(.passwordTooLong, [String(self.maximumPasswordLength)])
        }
        if TextLength.isShorter(password, than: self.minimumPasswordLength) {
            throw Violation(.passwordTooShort, [String(self.minimumPasswordLength)])
        }
        if CommonPasswords.contains(password) { throw Violation(.passwordTooCommon) }
        if self.prohibitPasswordWhitespace, password.contains(where: \.isWhitespace) {
            throw Violation(.usernamePasswordWhitespace)
        }
    }

    /// Checks the syntax of an e-mail address (``isEmailAddress(_:)``).
    public func check(email: String) throws(Violation) {
        if !Self.isEmailAddress(email) { throw Violation(.invalidEmailAddress) }
    }

    /// Whether `email` is an e-mail address as this server takes one, whoever gives it (a member
    /// joining, an administrator, an imported site): one `@`, a non-empty local part, a dotted domain,
    /// no spaces or control characters (a line break in one added recipients to its mail), at most 254
    /// characters.
    public static func isEmailAddress(_ email: String) -> Bool {
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        let labels = parts.count == 2 ? parts[1].split(separator: ".", omittingEmptySubsequences: false) : []
        return TextLength.fits(email, atMost: 254)
            && parts.count == 2
            && !parts[0].isEmpty
            && labels.count >= 2
            && !labels.contains { $0.isEmpty }
            && !email.unicodeScalars.contains { $0.value <= 0x20 || $0.value == 0x7F || "<>()[],;:\\\"".unicodeScalars.contains($0) }
    }

    /// Checks that `email` (valid syntax) is on an allowed domain or one of its subdomains.
    public func checkDomain(email: String) throws(Violation) {
        guard !self.allowedEmailDomains.isEmpty else { return }
        let domain = email.split(separator: "@").last.map { $0.lowercased() } ?? ""
        if !self.allowedEmailDomains.contains(where: { domain == $0 || domain.hasSuffix("." + $0) }) {
            throw Violation(.emailDomainNotAccepted)
        }
    }

    private func checkShape(username: String) throws(Violation) {
        if username.contains("@") && username.contains(".") { throw Violation(.usernameBadSymbols) }
        if !TextLength.fits(username, atMost: self.maximumUsernameLength) {
            throw Violation(.usernameTooLong, [String(self.maximumUsernameLength)])
        }
        if TextLength.isShorter(username, than: self.minimumUsernameLength) {
            throw Violation(.usernameTooShort, [String(self.minimumUsernameLength)])
        }
    }

    private func checkContent(username: String) throws(Violation) {
        if self.prohibitUsernameWhitespace, username.contains(where: \.isWhitespace) {
            throw Violation(.usernamePasswordWhitespace)
        }
        if username.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0.properties.generalCategory == .format }) {
            throw Violation(.usernameBadSymbols)
        }
        let lowered = username.lowercased()
        if self.restrictedPhrases.contains(where: { lowered.contains($0.lowercased()) }) { throw Violation(.usernameBadSubstring) }
        if username.allSatisfy({ $0.isASCII && ($0.isNumber || ".eE+-".contains($0)) }), Double(username) != nil {
            throw Violation(.usernameNumeric)
        }
    }
}

extension AccountRules.Violation: RefusalConvertible {
    /// The broken rule's sentence.
    public var refusal: Refusal {
        Refusal(.invalid, self.message, self.arguments)
    }
}
