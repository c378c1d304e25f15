public import Messages

/// The rules a new account's username, e-mail address and password must meet.
///
/// Shared by `endpoint member add` and (later) `account/join`, so an administrator cannot create an
/// account the API would refuse. Lengths come from the config options of the same names; the defaults
/// are Composr's.
public struct AccountRules: Sendable {
    public var minimumUsernameLength = 3
    public var maximumUsernameLength = 20
    public var minimumPasswordLength = 8
    public var maximumPasswordLength = 255

    public init() {}

    /// A rule that was broken: the catalog sentence that says so.
    public struct Violation: Error, Equatable {
        public let message: MessageID
        public let arguments: [String]
    }

    /// Checks `username`, already trimmed.
    public func check(username: String) throws(Violation) {
        if username.count < self.minimumUsernameLength {
            throw Violation(message: .usernameTooShort, arguments: [String(self.minimumUsernameLength)])
        }
        if username.count > self.maximumUsernameLength {
            throw Violation(message: .usernameTooLong, arguments: [String(self.maximumUsernameLength)])
        }
    }

    /// Checks `password` as typed.
    public func check(password: String) throws(Violation) {
        if password.count < self.minimumPasswordLength {
            throw Violation(message: .passwordTooShort, arguments: [String(self.minimumPasswordLength)])
        }
        if password.count > self.maximumPasswordLength {
            throw Violation(message: .passwordTooLong, arguments: [String(self.maximumPasswordLength)])
        }
    }

    /// Checks the syntax of an e-mail address: one `@`, a non-empty local part, a dotted domain, no
    /// spaces or control characters, at most 254 characters.
    public func check(email: String) throws(Violation) {
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        let valid = email.count <= 254
            && parts.count == 2
            && !parts[0].isEmpty
            && parts[1].split(separator: ".", omittingEmptySubsequences: false).count >= 2
            && !parts[1].split(separator: ".", omittingEmptySubsequences: false).contains { $0.isEmpty }
            && !email.unicodeScalars.contains { $0.value <= 0x20 || $0.value == 0x7F }
        if !valid { throw Violation(message: .invalidEmailAddress, arguments: []) }
    }
}
