import CArgon2

/// Argon2id through the system libargon2: encoded (PHC string) hashing and verification.
///
/// Both calls are CPU- and memory-heavy and block the calling thread; run them through
/// ``PasswordHasher``, never on an event loop.
enum Argon2id {
    static let saltLength = 16
    static let hashLength = 32

    struct Failure: Error, CustomStringConvertible {
        let code: Int32
        var description: String { String(cString: argon2_error_message(self.code)) }
    }

    /// A fresh encoded hash of `password` with a random 16-byte salt.
    static func hash(_ password: String, parameters: Argon2idParameters) throws -> String {
        var generator = SystemRandomNumberGenerator()
        let salt = (0..<saltLength).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        let encodedLength = argon2_encodedlen(
            parameters.iterations, parameters.memoryKiB, parameters.parallelism,
            UInt32(saltLength), UInt32(hashLength), Argon2_id
        )
        var encoded = [CChar](repeating: 0, count: encodedLength)
        let passwordBytes = Array(password.utf8)
        let result = passwordBytes.withUnsafeBytes { passwordBuffer in
            salt.withUnsafeBytes { saltBuffer in
                argon2id_hash_encoded(
                    parameters.iterations, parameters.memoryKiB, parameters.parallelism,
                    passwordBuffer.baseAddress, passwordBuffer.count,
                    saltBuffer.baseAddress, saltBuffer.count,
                    hashLength, &encoded, encodedLength
                )
            }
        }
        guard result == ARGON2_OK.rawValue else { throw Failure(code: result) }
        return String(decoding: encoded.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether `password` matches `encoded`. Malformed hashes never match. libargon2 compares the
    /// derived and stored hashes in constant time.
    static func verify(_ password: String, encoded: String) -> Bool {
        let passwordBytes = Array(password.utf8)
        return passwordBytes.withUnsafeBytes { buffer in
            argon2id_verify(encoded, buffer.baseAddress, buffer.count) == ARGON2_OK.rawValue
        }
    }
}
