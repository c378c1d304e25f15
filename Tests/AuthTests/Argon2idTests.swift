import CArgon2
import CArgon2Memory
import Testing

@testable import Auth

#if canImport(Glibc)
    import Glibc
#endif

/// Argon2id hashing through `argon2_ctx` with block memory kept between hashes, and its PHC strings,
/// held to libargon2's own encoder and verifier.
@Suite struct Argon2idTests {
    static let cheap = Argon2idParameters(memoryKiB: 1_024, iterations: 1, parallelism: 1)

    @Test(arguments: [cheap, Argon2idParameters(memoryKiB: 2_048, iterations: 3, parallelism: 2)])
    func ourHashesVerifyWithLibargon2(parameters: Argon2idParameters) throws {
        let encoded = try Argon2id.hash("correct horse", parameters: parameters)
        #expect(encoded.hasPrefix("$argon2id$v=19$m=\(parameters.memoryKiB),t=\(parameters.iterations),p=\(parameters.parallelism)$"))
        #expect(Self.libargon2Verifies("correct horse", encoded))
        #expect(!Self.libargon2Verifies("correct horsf", encoded))
    }

    @Test(arguments: [cheap, Argon2idParameters(memoryKiB: 2_048, iterations: 3, parallelism: 2)])
    func libargon2HashesVerifyWithOurs(parameters: Argon2idParameters) throws {
        let encoded = try #require(Self.libargon2Hash("correct horse", salt: Array("sixteen byte slt".utf8), parameters: parameters))
        #expect(Argon2id.verify("correct horse", encoded: encoded))
        #expect(!Argon2id.verify("correct horsf", encoded: encoded))
        #expect(!Argon2id.verify("", encoded: encoded))
        #expect(Argon2idEncoding.decode(encoded).map { Argon2idEncoding.encode(parameters: $0.parameters, salt: $0.salt, hash: $0.hash) } == encoded)
    }

    /// Only libargon2's canonical form is read: anything else never matches.
    @Test func malformedStringsAreRefused() throws {
        let encoded = try #require(Self.libargon2Hash("pw", salt: Array("sixteen byte slt".utf8), parameters: Self.cheap))
        let parts = encoded.split(separator: "$").map(String.init)
        let (costs, salt, hash) = (parts[2], parts[3], parts[4])
        for bad in [
            "$argon2id$v=19$\(costs)$\(salt)=$\(hash)",
            "$argon2id$v=19$t=1,m=1024,p=1$\(salt)$\(hash)",
            "$argon2id$v=19$\(costs),x=1$\(salt)$\(hash)",
            "$argon2id$v=19$\(costs)$\(salt)$\(hash)$",
            "$argon2i$v=19$\(costs)$\(salt)$\(hash)",
            "$argon2id$v=16$\(costs)$\(salt)$\(hash)",
            "$argon2id$v=19$\(costs)$$\(hash)",
            "$argon2id$v=19$\(costs)$\(salt)$\(hash.dropLast())!",
            "argon2id$v=19$\(costs)$\(salt)$\(hash)",
        ] {
            #expect(Argon2idEncoding.decode(bad) == nil, "\(bad)")
            #expect(!Argon2id.verify("pw", encoded: bad), "\(bad)")
        }
        #expect(Argon2id.verify("pw", encoded: encoded))
    }

    /// A finished hash's block is kept for the next hash of the same size, a larger one is mapped
    /// for one hash only, and trimming unmaps what is kept (`msync` on it then fails).
    @Test func blockMemoryIsKeptUntilTrimmed() throws {
        endpoint_argon2_trim()
        let size = 3 << 20
        var first: UnsafeMutablePointer<UInt8>?
        #expect(endpoint_argon2_allocate(&first, size) == ARGON2_OK.rawValue)
        #expect(endpoint_argon2_kept_bytes() == 0, "in use, not kept")
        endpoint_argon2_release(first, size)
        #expect(endpoint_argon2_kept_bytes() == size)
        var again: UnsafeMutablePointer<UInt8>?
        #expect(endpoint_argon2_allocate(&again, size) == ARGON2_OK.rawValue)
        #expect(again == first)
        endpoint_argon2_release(again, size)

        let huge = 512 << 20
        var once: UnsafeMutablePointer<UInt8>?
        #expect(endpoint_argon2_allocate(&once, huge) == ARGON2_OK.rawValue)
        endpoint_argon2_release(once, huge)
        #expect(endpoint_argon2_kept_bytes() == size, "a block over the limit is not kept")
        #expect(msync(once, huge, MS_ASYNC) == -1)

        #expect(msync(first, size, MS_ASYNC) == 0)
        endpoint_argon2_trim()
        #expect(endpoint_argon2_kept_bytes() == 0)
        #expect(msync(first, size, MS_ASYNC) == -1)
    }

    /// The hasher gives kept blocks back once hashing has been quiet for the given time, not before.
    @Test func aQuietHasherKeepsNoBlock() async throws {
        let hasher = PasswordHasher(parameters: Self.cheap, threads: 1)
        _ = try await hasher.hash("correct horse")
        hasher.trimIfIdle(for: .seconds(60))
        #expect(endpoint_argon2_kept_bytes() >= 1 << 20, "kept right after a hash")
        hasher.trimIfIdle(for: .zero)
        #expect(endpoint_argon2_kept_bytes() == 0)
        try await hasher.shutdown()
    }

    /// Running as the server's service, the hasher gives its blocks back by itself within a couple of
    /// seconds of the last hash.
    @Test func theHashingServiceGivesBlocksBackWhenQuiet() async throws {
        let hasher = PasswordHasher(parameters: Self.cheap, threads: 1)
        let service = Task { try await hasher.run() }
        _ = try await hasher.hash("correct horse")
        #expect(endpoint_argon2_kept_bytes() >= 1 << 20, "kept right after a hash")
        let deadline = ContinuousClock.now + .seconds(5)
        while endpoint_argon2_kept_bytes() > 0, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(endpoint_argon2_kept_bytes() == 0, "still kept 5 s after the last hash")
        service.cancel()
        try await service.value
    }

    private static func libargon2Verifies(_ password: String, _ encoded: String) -> Bool {
        let bytes = Array(password.utf8)
        return argon2id_verify(encoded, bytes, bytes.count) == ARGON2_OK.rawValue
    }

    private static func libargon2Hash(_ password: String, salt: [UInt8], parameters: Argon2idParameters) -> String? {
        let length = argon2_encodedlen(parameters.iterations, parameters.memoryKiB, parameters.parallelism, UInt32(salt.count), 32, Argon2_id)
        var encoded = [CChar](repeating: 0, count: length)
        let password = Array(password.utf8)
        let result = argon2id_hash_encoded(
            parameters.iterations, parameters.memoryKiB, parameters.parallelism, password, password.count, salt, salt.count, 32, &encoded, length
        )
        guard result == ARGON2_OK.rawValue else { return nil }
        return String(decoding: encoded.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
