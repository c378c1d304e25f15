import AsyncHTTPClient
import Foundation
import NIOConcurrencyHelpers
import NIOCore
import TestSupport

/// A steady mixed load through a cluster's balancer, as apps make it: session views and news reads
/// (idempotent GETs), and push registrations, joins and logins (POSTs nginx never resends), each
/// worker one request after another until ``stop()``.
final class SteadyLoad: Sendable {
    enum Kind: String, Sendable, CaseIterable {
        case session, news, push, join, login

        var isIdempotent: Bool { self == .session || self == .news }
        /// Workers of this kind: reads are most of the traffic, a login (a password hash) the rarest.
        var workers: Int {
            switch self {
            case .session: 3
            case .news: 2
            case .push, .join, .login: 1
            }
        }
    }

    /// One request: what it was, and how it ended.
    struct Outcome: Sendable {
        let kind: Kind
        /// The join's username (empty for other kinds).
        let key: String
        let status: UInt?
        let error: String?
        let succeeded: Bool
        let duration: Duration
    }

    private let cluster: ScriptCluster
    private let client: HTTPClient
    private let token: String
    private let state = NIOLockedValueBox((outcomes: [Outcome](), stopped: false))

    init(cluster: ScriptCluster, client: HTTPClient, token: String) {
        self.cluster = cluster
        self.client = client
        self.token = token
    }

    var answers: Int { self.state.withLockedValue { $0.outcomes.count } }

    func stop() { self.state.withLockedValue { $0.stopped = true } }

    func waitForAnswers(_ count: Int) async throws {
        try await Waiting.until("\(count) answers under load", seconds: 120) { self.answers >= count }
    }

    /// Runs every worker until ``stop()``; returns every request's outcome.
    func run() async -> [Outcome] {
        await withTaskGroup(of: Void.self) { group in
            for kind in Kind.allCases {
                for worker in 0..<kind.workers {
                    group.addTask {
                        var sequence = 0
                        while !self.state.withLockedValue({ $0.stopped }) {
                            let outcome = await self.send(kind, key: "deploy\(worker)x\(sequence)")
                            sequence += 1
                            self.state.withLockedValue { $0.outcomes.append(outcome) }
                        }
                    }
                }
            }
        }
        return self.state.withLockedValue { $0.outcomes }
    }

    private func send(_ kind: Kind, key: String) async -> Outcome {
        let started = ContinuousClock.now
        let endpoint = self.cluster.base + "/data/endpoint.php"
        let credentials = [("device_auth_member_id_vl", "2"), ("device_auth_pass_hashed_vl", self.token)]
        let request: HTTPClientRequest
        switch kind {
        case .session: request = self.cluster.sessionView(self.token)
        case .news: request = HTTPClientRequest(url: endpoint + "/content/news/categories")
        case .push:
            request = Self.form(
                endpoint + "?hook_type=account&hook=setup_push_notifications&device=android",
                [("token", "740f4707bebcf74f9b7c25d48e3358945f6aa01da5ddb387462c7eaf61bb78ad")] + credentials)
        case .join: request = Self.form(endpoint + "?hook_type=account&hook=join", JoinFixtures.iOSFields(key))
        case .login: request = Self.form(endpoint + "?hook_type=account&hook=login", [("username", "alice"), ("password", "correct horse")])
        }
        do {
            // Longer than nginx's proxy_read_timeout (15 s), after which it answers or retries itself.
            let response = try await self.client.execute(request, timeout: .seconds(60))
            let body = String(buffer: try await response.body.collect(upTo: 1 << 20))
            let succeeded = response.status == .ok && body.hasPrefix(#"{"success":true"#)
            return Outcome(
                kind: kind, key: kind == .join ? key : "", status: response.status.code, error: succeeded ? nil : String(body.prefix(200)),
                succeeded: succeeded, duration: .now - started)
        } catch {
            return Outcome(kind: kind, key: "", status: nil, error: "\(error)", succeeded: false, duration: .now - started)
        }
    }

    private static func form(_ url: String, _ fields: [(String, String)]) -> HTTPClientRequest {
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
        request.body = .bytes(ByteBuffer(string: FormEncoding.body(fields)))
        return request
    }
}

/// What a load run saw: requests by kind, the failures that matter, and the longest request.
struct LoadFigures: CustomStringConvertible {
    /// Statuses a client may retry: nginx's when an instance failed mid-request or none answered.
    static let retryable: Set<UInt> = [502, 503, 504]

    let requests: [SteadyLoad.Kind: Int]
    /// Failed GETs by kind, then status or error.
    let failedIdempotent: [String: Int]
    /// POSTs neither answered with success nor refused with a retryable status.
    let unretryablePOSTs: [String: Int]
    /// POSTs refused with a retryable status.
    let retriedPOSTs: [String: Int]
    let longest: Duration

    init(_ outcomes: [SteadyLoad.Outcome]) {
        self.requests = Dictionary(grouping: outcomes, by: \.kind).mapValues(\.count)
        func tally(_ chosen: [SteadyLoad.Outcome]) -> [String: Int] {
            Dictionary(grouping: chosen) { "\($0.kind.rawValue) \($0.status.map(String.init) ?? $0.error ?? "?")" }.mapValues(\.count)
        }
        self.failedIdempotent = tally(outcomes.filter { $0.kind.isIdempotent && !$0.succeeded })
        let failedPOSTs = outcomes.filter { !$0.kind.isIdempotent && !$0.succeeded }
        self.unretryablePOSTs = tally(failedPOSTs.filter { !($0.status.map(Self.retryable.contains) ?? false) })
        self.retriedPOSTs = tally(failedPOSTs.filter { $0.status.map(Self.retryable.contains) ?? false })
        self.longest = outcomes.map(\.duration).max() ?? .zero
    }

    var description: String {
        let counts = SteadyLoad.Kind.allCases.map { "\($0.rawValue) \(self.requests[$0] ?? 0)" }.joined(separator: ", ")
        return
            "requests: \(counts); failed GETs: \(self.failedIdempotent); POSTs refused retryably: \(self.retriedPOSTs); other POST failures: \(self.unretryablePOSTs); longest request: \(self.longest)"
    }
}
