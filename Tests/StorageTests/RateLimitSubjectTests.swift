import Testing

@testable import Storage

/// Per-address limits count networks: an IPv4 address, an IPv6 /64.
@Suite struct RateLimitSubjectTests {
    @Test(arguments: [
        ("192.0.2.7", "192.0.2.7"),
        ("2001:db8:1:2::1", "2001:db8:1:2::/64"),
        ("2001:0db8:0001:0002:ffff:eeee:dddd:cccc", "2001:db8:1:2::/64"),
        ("2001:db8::", "2001:db8:0:0::/64"),
        ("::1", "0:0:0:0::/64"),
        ("::ffff:198.51.100.4", "198.51.100.4"),
        ("unknown", "unknown"),
        ("fe80::1%eth0", "fe80::1%eth0"),
    ])
    func networkOfAnAddress(address: String, network: String) {
        #expect(RateLimit.Subject.network(of: address) == network)
    }

    @Test func addressesInOneSlashSixtyFourAreOneSubject() {
        #expect(RateLimit.Subject.address("2001:db8:1:2::1") == .address("2001:db8:1:2:aaaa:bbbb:cccc:dddd"))
        #expect(RateLimit.Subject.address("2001:db8:1:2::1") != .address("2001:db8:1:3::1"))
        #expect(RateLimit.Subject.address("192.0.2.7") != .address("192.0.2.8"))
        #expect(RateLimit.Subject.address("::ffff:192.0.2.7") == .address("192.0.2.7"))
    }

    @Test func loginsAreCountedCaseInsensitivelyAndPerNetwork() {
        #expect(RateLimit.Subject.login("Alice") == .login("alice"))
        #expect(RateLimit.Subject.login("alice", at: "2001:db8:1:2::1") == .login("ALICE", at: "2001:db8:1:2::9"))
        #expect(RateLimit.Subject.login("alice", at: "192.0.2.7") != .login("alice", at: "192.0.2.8"))
        #expect(RateLimit.Subject.member(2) != .login("2") && RateLimit.Subject.member(2) != .address("2"))
    }
}
