import Auth
import EndpointCore
import Foundation
import HTTPTypes
import Hooks
import HummingbirdTesting
import Storage
import TestSupport
import Testing

/// Argon2id hashing, imported Composr hashes, and upgrades to the current parameters at login.
@Suite struct PasswordTests {
    /// Vectors made independently (Python's `crypt` and `hashlib`) for salt `0123456789abc` and
    /// password `legacy-pass`: bcrypt and md5 of `salt + md5(password)`, as Composr stores them.
    static let legacySalt = "0123456789abc"
    static let legacyBcrypt = "$2y$10$lt5wZywzbtgT1O0ypdFLWe5HaG7B5cbhDQ1fC2Gp7.hfsCnuEZDBW"
    static let legacyMD5 = "3aed913edc46bc8b204271179b43e5c6"

    @Test(arguments: [legacyBcrypt, legacyBcrypt.replacingOccurrences(of: "$2y$", with: "$2a$"), legacyMD5, legacyMD5.uppercased()])
    func legacyHashesLogInAndAreUpgraded(stored: String) async throws {
        try await TestServer.run { client, services in
            let id = try await AccountFixtures.member("imported", services: services)
            try await AccountFixtures.update(id, "password_hash = \(bind: stored), legacy_salt = \(bind: Self.legacySalt)", services: services)

            #expect(try await client.login("imported", "legacy-pas").success == false)
            #expect(try await AccountFixtures.storedHash(id, services: services) == stored)

            #expect(try await client.login("imported", "legacy-pass").success == true)
            let upgraded = try await AccountFixtures.storedHash(id, services: services)
            #expect(upgraded.hasPrefix("$argon2id$v=19$m=19456,t=2,p=1$"))
            #expect(try await services.members.find(id: id)?.legacySalt == "")
            #expect(try await client.login("imported", "legacy-pass").success == true)
        }
    }

    @Test func weakerArgon2HashesAreUpgraded() async throws {
        try await TestServer.run { client, services in
            let id = try await AccountFixtures.member("weak", services: services)
            let weakHasher = PasswordHasher(parameters: Argon2idParameters(memoryKiB: 8_192, iterations: 1, parallelism: 1), threads: 1)
            let weak = try await weakHasher.hash("correct horse")
            try await weakHasher.shutdown()
            try await AccountFixtures.update(id, "password_hash = \(bind: weak)", services: services)

            #expect(try await client.login("weak").success == true)
            #expect(try await AccountFixtures.storedHash(id, services: services).hasPrefix("$argon2id$v=19$m=19456,t=2,p=1$"))
        }
    }

    @Test func hashesAreSaltedPHCStrings() async throws {
        let hasher = PasswordHasher(threads: 1)
        let first = try await hasher.hash("same password")
        let second = try await hasher.hash("same password")
        #expect(first != second)
        #expect(first.split(separator: "$").count == 5)
        #expect(try await hasher.verify("same password", against: first) == .match(needsRehash: false))
        #expect(try await hasher.verify("same passwore", against: first) == .mismatch)
        #expect(try await hasher.verify("", against: "") == .mismatch)
        #expect(try await hasher.verify("x", against: "$argon2id$v=19$garbage") == .mismatch)
        try await hasher.shutdown()
    }

    @Test func configCannotWeakenHashingBelowTheBaseline() {
        let options = ConfigOptions(["argon2_memory_kib": "1024", "argon2_iterations": "1", "argon2_parallelism": "0"])
        #expect(Argon2idParameters(options: options) == .owaspBaseline)
        let stronger = ConfigOptions(["argon2_memory_kib": "65536", "argon2_iterations": "3"])
        #expect(Argon2idParameters(options: stronger) == Argon2idParameters(memoryKiB: 65_536, iterations: 3, parallelism: 1))
    }

    @Test func aBurstBeyondTheHashQueueIsToldTheServerIsBusy() async throws {
        // Each login in flight holds a place under the (username, network) failure limit until it is
        // judged; sixteen at once from one place need more than the default five.
        try await TestServer.run(config: ["login_throttle_user_ip_failures": "100"], hashThreads: 1, hashQueueLimit: 2) { client, services in
            try await AccountFixtures.member("alice", services: services)
            let answers = try await withThrowingTaskGroup(of: DecodedEnvelope.self) { group in
                for _ in 0..<16 {
                    group.addTask { try await client.login("alice") }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let busy = answers.filter { $0.errorDetails == "The server is busy. Please try again in a moment." }
            let succeeded = answers.filter { $0.success == true }
            #expect(!busy.isEmpty)
            #expect(!succeeded.isEmpty)
            #expect(busy.count + succeeded.count == 16)
            #expect(busy.allSatisfy { $0.status == .ok && $0.headers[HTTPField.Name("Retry-After")!] == "1" })
        }
    }

    /// Unknown usernames must cost what wrong passwords cost. Measured like a benchmark: many
    /// attempts in pairs (one of each, alternating which goes first), medians compared, so load on the
    /// machine hits both sides alike.
    @Test func unknownUserTakesAsLongAsWrongPassword() async throws {
        let relaxed = ["login_throttle_user_ip_failures": "1000", "login_throttle_user_failures": "1000", "login_throttle_ip_failures": "1000"]
        try await TestServer.run(config: relaxed) { client, services in
            try await AccountFixtures.member("alice", services: services)
            let clock = ContinuousClock()
            func timed(_ username: String) async throws -> Double {
                let started = clock.now
                _ = try await client.login(username, "wrong password")
                let elapsed = clock.now - started
                return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            }
            _ = try await timed("alice")
            var wrongPassword: [Double] = []
            var unknownUser: [Double] = []
            for pair in 0..<30 {
                if pair.isMultiple(of: 2) {
                    wrongPassword.append(try await timed("alice"))
                    unknownUser.append(try await timed("nobody-\(pair)"))
                } else {
                    unknownUser.append(try await timed("nobody-\(pair)"))
                    wrongPassword.append(try await timed("alice"))
                }
            }
            let a = Self.median(wrongPassword)
            let b = Self.median(unknownUser)
            #expect(abs(a - b) / max(a, b) < 0.2, "median wrong password \(a)s, unknown user \(b)s")
        }
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted[sorted.count / 2]
    }
}
