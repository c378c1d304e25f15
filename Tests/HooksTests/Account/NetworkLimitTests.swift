import EndpointServer
import HTTPTypes
import HummingbirdTesting
import TestSupport
import Testing

/// Every per-address limit counts the client's network (IPv4 address, IPv6 /64), and the defaults
/// let a launch-day crowd behind one carrier-grade NAT address through. Over a real socket, with the
/// client's address from a trusted proxy's `X-Forwarded-For`.
@Suite struct NetworkLimitTests {
    /// One request of each limited kind, numbered so each is new (a new username, a new message).
    enum Action: String, CaseIterable, Sendable {
        case join, lostPassword, contact, failedLogin, wrongCode

        var config: [String: String] {
            switch self {
            case .join: ["join_limit_per_ip_per_hour": "2"]
            case .lostPassword: ["password_reset_limit_per_ip_per_hour": "2"]
            case .contact: ["contact_us_limit_per_ip_per_hour": "2"]
            case .failedLogin: ["login_throttle_ip_failures": "2"]
            case .wrongCode: ["code_failures_per_ip_per_hour": "2"]
            }
        }

        var refusal: String {
            switch self {
            case .join: "Too many accounts were created from your network recently. Please try again in 60 minutes."
            case .lostPassword: "Too many password resets were requested from your network recently. Please try again in 60 minutes."
            case .contact: "You have sent several messages recently. Please wait 60 minutes before sending another."
            case .failedLogin: "Too many failed login attempts. Please wait 15 minutes before trying again."
            case .wrongCode: "Too many incorrect codes were tried. Please wait 60 minutes before trying again."
            }
        }

        /// Whether `answer` is what the request gets when no limit stands in the way.
        func isAnsweredNormally(_ answer: DecodedEnvelope) -> Bool {
            switch self {
            case .join, .lostPassword, .contact: answer.success == true
            case .failedLogin: answer.errorDetails == "Incorrect login or password, try again."
            case .wrongCode: answer.errorDetails?.hasPrefix("The confirmation code is not correct.") == true
            }
        }

        func send(_ number: Int, from ip: String, _ client: any TestClientProtocol) async throws -> DecodedEnvelope {
            let headers = HTTPFields.forwardedFor(ip)
            switch self {
            case .join: return try await client.join(JoinFixtures.iOSFields("crowd\(number)"), headers: headers)
            case .lostPassword: return try await client.postForm(JoinFixtures.lostPasswordURI, [("username", "crowd\(number)")], headers: headers)
            case .contact: return try await client.postForm(ContactUsTests.androidURI, [("post", "message \(number)")], headers: headers)
            case .failedLogin: return try await client.login("crowd\(number)", "wrong", headers: headers)
            case .wrongCode:
                let confirm = JoinFixtures.joinURI + "&type=confirm"
                return try await client.postForm(confirm, [("member", String(100 + number)), ("code", "stale")], headers: headers)
            }
        }
    }

    @Test(arguments: Action.allCases)
    func anIPv6SlashSixtyFourIsOneNetwork(action: Action) async throws {
        try await TestServer.run(settings: .behindLoopbackProxy, config: action.config, framework: .live) { client, _ in
            for (number, ip) in ["2001:db8:1:2::1", "2001:db8:1:2:aaaa::2"].enumerated() {
                let answer = try await action.send(number, from: ip, client)
                #expect(action.isAnsweredNormally(answer), "\(ip): \(answer.raw)")
            }
            let rotated = try await action.send(2, from: "2001:db8:1:2:ffff:ffff:ffff:ffff", client)
            #expect(rotated.errorDetails == action.refusal, "another address in the same /64: \(rotated.raw)")
            let neighbour = try await action.send(3, from: "2001:db8:1:3::1", client)
            #expect(action.isAnsweredNormally(neighbour), "the next /64 is another network: \(neighbour.raw)")
        }
    }

    @Test(arguments: Action.allCases)
    func anIPv4AddressIsOneNetwork(action: Action) async throws {
        try await TestServer.run(settings: .behindLoopbackProxy, config: action.config, framework: .live) { client, _ in
            for number in 0..<2 {
                let answer = try await action.send(number, from: "198.51.100.7", client)
                #expect(action.isAnsweredNormally(answer), "\(answer.raw)")
            }
            let mapped = try await action.send(2, from: "::ffff:198.51.100.7", client)
            #expect(mapped.errorDetails == action.refusal, "IPv4-mapped is the same address: \(mapped.raw)")
            let neighbour = try await action.send(3, from: "198.51.100.8", client)
            #expect(action.isAnsweredNormally(neighbour), "another address is another network: \(neighbour.raw)")
        }
    }

    /// Well past the old limits (10 joins, 20 resets, 5 messages, 10 wrong codes an hour; 100 failed
    /// logins in 15 minutes), from one NAT address with the shipped defaults: nobody is turned away.
    @Test func theDefaultsLetALaunchBehindOneNATAddressThrough() async throws {
        try await TestServer.run(settings: .behindLoopbackProxy, framework: .live) { client, _ in
            let counts: [(Action, Int)] = [(.join, 40), (.lostPassword, 40), (.contact, 20), (.failedLogin, 150), (.wrongCode, 30)]
            for (action, count) in counts {
                let refused = try await withThrowingTaskGroup(of: Bool.self) { group in
                    for number in 0..<count {
                        group.addTask { try await !action.isAnsweredNormally(action.send(number, from: "203.0.113.9", client)) }
                    }
                    return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
                }
                #expect(refused == 0, "\(action.rawValue): \(refused) of \(count) refused")
            }
        }
    }
}
