import Auth
import Crypto
import Text

/// The token every console form carries: derived from the session's own token by a hash kept for this
/// one use (so the page never shows the session's secret, and a token cannot be made without it), and
/// compared in constant time. Another site can neither read it nor make a browser send the session
/// cookie along (`SameSite=Strict`); ``ConsoleRequest/isCrossSite`` is checked as well.
enum FormToken {
    static func derive(fromSessionToken token: String) -> String {
        Hex.encode(SHA256.hash(data: Array("endpoint console form\u{0}\(token)".utf8)))
    }

    /// Whether `submitted` is `expected`.
    static func matches(_ submitted: String?, _ expected: String) -> Bool {
        guard let submitted, !expected.isEmpty else { return false }
        return ConstantTime.equals(Array(submitted.utf8), Array(expected.utf8))
    }
}
