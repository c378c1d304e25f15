import CArgon2
import CArgon2Memory

/// Argon2id through the system libargon2, as PHC strings (``Argon2idEncoding``).
///
/// Hashing goes through `argon2_ctx` with block memory kept between hashes (`CArgon2Memory`) rather
/// than malloc's. Both calls are CPU- and memory-heavy and block the calling thread; run them through
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
        let hash = try self.derive(password, salt: salt, parameters: parameters, length: hashLength)
        return Argon2idEncoding.encode(parameters: parameters, salt: salt, hash: hash)
    }

    /// Whether `password` matches `encoded`. Malformed hashes never match; the derived and stored
    /// hashes are compared in constant time.
    static func verify(_ password: String, encoded: String) -> Bool {
        guard let stored = Argon2idEncoding.decode(encoded),
            let derived = try? self.derive(password, salt: stored.salt, parameters: stored.parameters, length: stored.hash.count)
        else { return false }
        return ConstantTime.equals(derived, stored.hash)
    }

    /// Gives the block memory kept for the next hashes back to the system.
    static func trimKeptMemory() {
        endpoint_argon2_trim()
    }

    /// The raw Argon2id output of `length` bytes; libargon2 refuses (``Failure``) costs, salts or
    /// lengths outside its limits.
    private static func derive(_ password: String, salt: [UInt8], parameters: Argon2idParameters, length: Int) throws -> [UInt8] {
        var output = [UInt8](repeating: 0, count: length)
        var passwordBytes = Array(password.utf8)
        var saltBytes = salt
        let result = output.withUnsafeMutableBufferPointer { out in
            passwordBytes.withUnsafeMutableBufferPointer { pwd in
                saltBytes.withUnsafeMutableBufferPointer { salt in
                    var context = argon2_context(
                        out: out.baseAddress, outlen: UInt32(clamping: out.count),
                        pwd: pwd.baseAddress, pwdlen: UInt32(clamping: pwd.count),
                        salt: salt.baseAddress, saltlen: UInt32(clamping: salt.count),
                        secret: nil, secretlen: 0, ad: nil, adlen: 0,
                        t_cost: parameters.iterations, m_cost: parameters.memoryKiB,
                        lanes: parameters.parallelism, threads: parameters.parallelism,
                        version: UInt32(ARGON2_VERSION_13.rawValue),
                        allocate_cbk: endpoint_argon2_allocate, free_cbk: endpoint_argon2_release,
                        flags: 0  // ARGON2_DEFAULT_FLAGS, as argon2id_hash_encoded passes
                    )
                    return argon2_ctx(&context, Argon2_id)
                }
            }
        }
        guard result == ARGON2_OK.rawValue else { throw Failure(code: result) }
        return output
    }
}
