import AsyncHTTPClient
import Foundation
import NIOConcurrencyHelpers
import NIOCore
import TestSupport

/// A steady mixed load through a cluster's balancer, as apps make it: session views and news reads
/// (GETs), and push registrations, joins, logins and contact messages (POSTs, which a balancer must
/// never send twice), each worker one request after another until ``stop()``.
final class SteadyLoad: Sendable {
    enum Kind: String, Sendable, CaseIterable {
        case session, news, push, join, login, contact

        /// Workers of this kind: reads are most of the traffic, a login (a password hash) the rarest.
        var workers: Int {
            switch self {
            case .session: 3
            case .news: 2
            case .push, .join, .login, .contact: 1
            }
        }
    }

    /// One request: what it was, when it was sent, and how it ended.
    struct Outcome: Sendable {
        let kind: Kind
        /// The join's username (empty for other kinds).
        let key: String
        let status: UInt?
        let error: String?
        let succeeded: Bool
        let started: ContinuousClock.Instant
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
        case .contact:
            request = Self.form(endpoint + "?hook_type=misc&hook=contact_us", [("title", "Deploy \(key)"), ("post", "Sent during a deploy.")] + credentials)
        }
        do {
            let response = try await self.client.execute(request, timeout: .seconds(60))
            let body = String(buffer: try await response.body.collect(upTo: 1 << 20))
            let succeeded = response.status == .ok && body.hasPrefix(#"{"success":true"#)
            return Outcome(
                kind: kind, key: kind == .join ? key : "", status: response.status.code, error: succeeded ? nil : String(body.prefix(200)),
                succeeded: succeeded, started: started, duration: .now - started)
        } catch {
            return Outcome(kind: kind, key: "", status: nil, error: "\(error)", succeeded: false, started: started, duration: .now - started)
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

/// What a load run saw: requests by kind, the failures, and the longest request.
struct LoadFigures: CustomStringConvertible {
    let requests: [SteadyLoad.Kind: Int]
    /// Failed requests but those in flight while an instance was being killed, by kind, then status
    /// or error.
    let failed: [String: Int]
    /// Failed requests that were in flight while an instance was being killed.
    let inFlightAtKill: Int
    let longest: Duration

    /// - Parameter killed: from the SIGKILL to the moment the instance's port refused connections (a
    ///   dying process still takes them for some milliseconds): requests in flight then may fail.
    init(_ outcomes: [SteadyLoad.Outcome], killed: ClosedRange<ContinuousClock.Instant>) {
        self.requests = Dictionary(grouping: outcomes, by: \.kind).mapValues(\.count)
        let failures = outcomes.filter { !$0.succeeded }
        let atKill = failures.filter { $0.started <= killed.upperBound && killed.lowerBound <= $0.started + $0.duration }
        self.inFlightAtKill = atKill.count
        self.failed = Dictionary(
            grouping: failures.filter { failure in !atKill.contains { $0.started == failure.started && $0.kind == failure.kind } }
        ) { "\($0.kind.rawValue) \($0.status.map(String.init) ?? $0.error ?? "?")" }.mapValues(\.count)
        self.longest = outcomes.map(\.duration).max() ?? .zero
    }

    var description: String {
        let counts = SteadyLoad.Kind.allCases.map { "\($0.rawValue) \(self.requests[$0] ?? 0)" }.joined(separator: ", ")
        return "requests: \(counts); failed: \(self.failed); failed in flight at the kill: \(self.inFlightAtKill); longest request: \(self.longest)"
    }
}
