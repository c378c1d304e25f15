import CCrypt
import Crypto
import Text

/// Verifies password hashes imported from a Composr site (reference §3.2), so their members can log in
/// here and be moved to Argon2id at their first login.
///
/// Composr hashes `salt + md5(password)` (the salt is a separate column, `legacy_salt` here) with
/// bcrypt (`$2y$`, `$2a$`, `$2b$`); older rows hold 32 hex digits of `md5(salt + md5(password))`.
package enum LegacyComposrHash {
    /// Whether `stored` is one of the legacy forms this type understands.
    package static func recognises(_ stored: String) -> Bool {
        Self.isBcrypt(stored) || Self.isSaltedMD5(stored)
    }

    /// Whether `password` matches `stored` under `salt`. Unrecognised forms never match.
    static func verify(_ password: String, stored: String, salt: String) -> Bool {
        let inner = salt + Self.md5Hex(password)
        if Self.isBcrypt(stored) {
            guard let computed = Self.bcrypt(inner, setting: stored) else { return false }
            return ConstantTime.equals(Array(computed.utf8), Array(stored.utf8))
        }
        if Self.isSaltedMD5(stored) {
            return ConstantTime.equals(Array(Self.md5Hex(inner).utf8), Array(stored.lowercased().utf8))
        }
        return false
    }

    /// The costliest bcrypt verified: Composr writes 10 to 12, and each step doubles a login's time (a
    /// `$2y$31$` hash in a dump held a login for about 35 hours). A costlier hash is not recognised:
    /// the import refuses it (reported) and a login never verifies it.
    package static let maximumBcryptCost = 14

    private static func isBcrypt(_ stored: String) -> Bool {
        Self.bcryptCost(stored).map { (4...Self.maximumBcryptCost).contains($0) } ?? false
    }

    /// The cost a bcrypt hash (`$2y$NN$` and 53 characters) names, nil for anything else.
    package static func bcryptCost(_ stored: String) -> Int? {
        let bytes = Array(stored.utf8)
        guard bytes.count == 60, stored.hasPrefix("$2y$") || stored.hasPrefix("$2a$") || stored.hasPrefix("$2b$"), bytes[6] == UInt8(ascii: "$"),
            bytes[4...5].allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        else { return nil }
        return Int(bytes[4] - UInt8(ascii: "0")) * 10 + Int(bytes[5] - UInt8(ascii: "0"))
    }

    private static func isSaltedMD5(_ stored: String) -> Bool {
        stored.utf8.count == 32 && stored.utf8.allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) || ($0 >= 65 && $0 <= 70) }
    }

    private static func md5Hex(_ text: String) -> String {
        Hex.encode(Insecure.MD5.hash(data: Array(text.utf8)))
    }

    /// bcrypt through the system libcrypt (libxcrypt), which accepts the `$2y$` prefix PHP writes.
    private static func bcrypt(_ phrase: String, setting: String) -> String? {
        let data = UnsafeMutablePointer<crypt_data>.allocate(capacity: 1)
        defer { data.deallocate() }
        UnsafeMutableRawPointer(data).initializeMemory(as: UInt8.self, repeating: 0, count: MemoryLayout<crypt_data>.size)
        guard let output = crypt_r(phrase, setting, data) else { return nil }
        let result = String(cString: output)
        return result.hasPrefix("*") ? nil : result
    }
}
