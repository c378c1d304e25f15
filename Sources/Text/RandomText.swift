import Foundation

/// Random identifiers and secrets from the system's cryptographic generator.
public enum RandomText {
    /// `byteCount` random bytes as unpadded base64url.
    public static func base64URL(byteCount: Int) -> String {
        Data(Self.bytes(byteCount)).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// `byteCount` random bytes as lowercase hex.
    public static func hex(byteCount: Int) -> String {
        Hex.encode(Self.bytes(byteCount))
    }

    /// `count` random letters and digits (a TOTP key the OTP module takes as text).
    public static func alphanumeric(count: Int) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        var generator = SystemRandomNumberGenerator()
        return String((0..<count).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
    }

    private static func bytes(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }
}
