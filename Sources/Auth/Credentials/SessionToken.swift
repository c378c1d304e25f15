import Crypto
public import Text

/// The secret a device presents on every request (as the `cms_member_hash` cookie, header or
/// `device_auth_pass_hashed_vl` field).
///
/// 256 random bits, written as unpadded base64url so it is safe in cookies, headers and form fields.
/// The server stores only its SHA-256 hash: a database leak yields nothing a client could replay.
public struct SessionToken: Sendable {
    /// The token as given to the device.
    public let text: String

    /// A fresh random token.
    public static func generate() -> SessionToken {
        SessionToken(text: RandomText.base64URL(byteCount: 32))
    }

    /// Whether `text` has the shape of a token (43 base64url characters); anything else is refused
    /// before touching the database.
    static func isWellFormed(_ text: String) -> Bool {
        text.utf8.count == 43
            && text.utf8.allSatisfy { byte in
                (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) || (byte >= 48 && byte <= 57) || byte == 45 || byte == 95
            }
    }

    /// The SHA-256 hash stored and looked up in place of the token (lowercase hex).
    public static func storageHash(of text: String) -> String {
        Hex.encode(SHA256.hash(data: Array(text.utf8)))
    }
}
