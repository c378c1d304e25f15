import AsyncHTTPClient
import Foundation
import NIOConcurrencyHelpers
import NIOCore
import SQLKit
import Storage
import TestSupport
import Testing

/// HAProxy is a Debian package the test command installs; under CI it must be there.
private let haproxyInstalled = FileManager.default.isExecutableFile(atPath: "/usr/sbin/haproxy") || ProcessInfo.processInfo.environment["CI"] != nil

/// `scripts/cluster.sh` as an operator runs it: PostgreSQL, two instances and HAProxy.
@Suite(.serialized, .enabled(if: haproxyInstalled))
struct ClusterScriptTests {
    /// An iOS-style login and authenticated calls with the SDK's underscore headers go through the
    /// balancer to both instances (its log says which answered; the answers do not); Ctrl-C (SIGINT)
    /// stops everything. The cluster's PostgreSQL wants its password, its folder is its owner's alone,
    /// and `/readyz` names no instance through the balancer (security review 2, findings 8 and 11).
    @Test func anIOSLoginAndAuthenticatedCallsGoThroughTheBalancerToBothInstances() async throws {
        let cluster = try await ScriptCluster.start()
        defer { cluster.kill() }
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        defer { _ = client.shutdown(queue: .global()) { _ in } }
        let ready = try await client.execute(HTTPClientRequest(url: cluster.base + "/readyz"), timeout: .seconds(5))
        #expect(ready.status == .ok)
        #expect(!String(buffer: try await ready.body.collect(upTo: 1 << 16)).contains("instance"), "no instance named through the balancer")
        let token = try await cluster.addMemberAndLogIn(client)

        for _ in 0..<4 {
            let response = try await client.execute(cluster.sessionView(token), timeout: .seconds(10))
            let text = String(buffer: try await response.body.collect(upTo: 1 << 20))
            #expect(text.hasPrefix(#"{"success":true"#) && text.contains(#""username":"alice""#), "\(text)")
            #expect(response.headers["X-Upstream"].isEmpty && !response.headers.description.contains("127.0.0.1:"), "no internal address")
        }
        #expect(try cluster.answeringInstances() == Set(cluster.instances), "both instances answered")

        let attributes = try FileManager.default.attributesOfItem(atPath: cluster.state.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o700, "the cluster's folder is its owner's alone")
        let stranger = try Subprocess.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["psql", "-w", "-h", "127.0.0.1", "-p", String(cluster.postgresPort), "-U", "postgres", "-c", "SELECT 1"],
            environment: ["PATH": "/usr/bin:/bin"])
        #expect(stranger.status != 0 && stranger.errors.contains("password"), "PostgreSQL wants its password: \(stranger.errors)")

        // Live news streams pass through the balancer as they come, in both request styles; an
        // article written anywhere reaches them; stopping the cluster ends them.
        let streams = [
            try await EventStreamClient.open(host: "127.0.0.1", port: cluster.port, "/data/endpoint.php/content/news/live"),
            try await EventStreamClient.open(host: "127.0.0.1", port: cluster.port, "/data/endpoint.php?hook_type=content&hook=news&type=view&id=live"),
        ]
        for stream in streams { try await stream.wait(for: "the opening through the balancer") { !$0.isEmpty } }
        try await TestDatabase.withOpen(try DatabaseURL(parsing: cluster.database)) { database in
            try await NewsFixtures.article("Through the balancer", database: database)
        }
        for stream in streams {
            try await stream.wait(for: "the article through the balancer") { $0.contains { $0.object["title"] as? String == "Through the balancer" } }
        }

        #expect(cluster.interrupt() == 0)
        for stream in streams { #expect(stream.ended || stream.closed) }
        for stopped in [cluster.port] + cluster.instances {
            #expect(
                (try? await client.execute(HTTPClientRequest(url: "http://127.0.0.1:\(stopped)/healthz"), timeout: .seconds(1))) == nil, "\(stopped) stopped")
        }
    }

    /// A deploy under a steady load of every kind of request (session views and news reads, push
    /// registrations, joins, logins and contact messages): three rolling restarts (`cluster.sh
    /// restart`) fail no request of any method; then one instance killed with SIGKILL and started
    /// again by the script fails at most the requests it had in flight at that instant; every join
    /// answered has its one mail.
    @Test func rollingRestartsFailNoRequestAndAKillOnlyThoseInFlight() async throws {
        let cluster = try await ScriptCluster.start()
        defer { cluster.kill() }
        let client = HTTPClient(
            eventLoopGroupProvider: .singleton, configuration: .init(timeout: .init(connect: .seconds(2), read: .seconds(60)))
        )
        defer { _ = client.shutdown(queue: .global()) { _ in } }
        let token = try await cluster.addMemberAndLogIn(client)
        // Joins, logins and contact messages from one address, far past the limits a real network would meet.
        try await TestDatabase.withOpen(try DatabaseURL(parsing: cluster.database)) { database in
            try await database.withConnection { try await $0.raw("UPDATE config SET value = '100000' WHERE name LIKE '%limit_per%'").run() }
        }
        let load = SteadyLoad(cluster: cluster, client: client, token: token)
        let running = Task { await load.run() }

        try await load.waitForAnswers(50)
        for _ in 0..<3 {
            let restarted = try await cluster.restart()
            #expect(restarted.status == 0, "\(restarted.output)\(restarted.errors)")
        }
        try await load.waitForAnswers(load.answers + 20)
        let killed = try cluster.instancePID(cluster.instances[0])
        let killedAt = ContinuousClock.now
        Foundation.kill(killed, SIGKILL)
        // Dying takes the process some milliseconds, during which its listener still takes connections.
        try await Waiting.until("the killed instance's port to refuse connections") { !Self.accepts(port: cluster.instances[0]) }
        let deadAt = ContinuousClock.now
        try await Waiting.until("the killed instance to be started again", seconds: 60) {
            guard let pid = try? cluster.instancePID(cluster.instances[0]), pid != killed else { return false }
            let ready = try? await client.execute(HTTPClientRequest(url: "http://127.0.0.1:\(cluster.instances[0])/readyz"), timeout: .seconds(1))
            return ready?.status == .ok
        }
        try await load.waitForAnswers(load.answers + 50)
        load.stop()
        let outcomes = await running.value

        let figures = LoadFigures(outcomes, killed: killedAt...deadAt)
        print("cluster deploy figures: \(figures)")
        #expect(figures.failed == [:], "no request failed but those in flight at the kill: \(figures)")
        #expect(figures.inFlightAtKill <= SteadyLoad.Kind.allCases.reduce(0) { $0 + $1.workers }, "\(figures)")
        #expect(SteadyLoad.Kind.allCases.allSatisfy { (figures.requests[$0] ?? 0) > 0 }, "every kind of request ran: \(figures)")

        try await TestDatabase.withOpen(try DatabaseURL(parsing: cluster.database)) { database in
            let joined = try await database.withConnection { connection in
                try await connection.raw(
                    """
                    SELECT m.username AS name, (SELECT count(*) FROM mail_outbox o WHERE o.recipient = m.email) AS mails
                    FROM members m WHERE m.username LIKE 'deploy%'
                    """
                ).all().map { (try $0.decode(column: "name", as: String.self), try $0.decode(column: "mails", as: Int.self)) }
            }
            let members = Dictionary(joined, uniquingKeysWith: { first, _ in first })
            for outcome in outcomes where outcome.kind == .join && outcome.succeeded {
                #expect(members[outcome.key] == 1, "\(outcome.key) was answered with success, exists and has its one mail")
            }
        }
        #expect(cluster.interrupt() == 0)
    }

    /// Whether 127.0.0.1:`port` takes a connection.
    static func accepts(port: Int) -> Bool {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }
}

/// `scripts/cluster.sh` running on free ports, its output in a temporary file.
struct ScriptCluster: Sendable {
    let port: Int
    let instances: [Int]
    let postgresPort: Int
    let process: Process
    let output: URL
    /// The cluster's own folder (`CLUSTER_STATE`).
    let state: URL

    var base: String { "http://127.0.0.1:\(self.port)" }
    /// The database URL, with its password, as the script keeps it.
    var database: String {
        ((try? String(contentsOf: self.state.appendingPathComponent("database.url"), encoding: .utf8)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    }
    var environment: [String: String] {
        ProcessInfo.processInfo.environment.merging([
            "CLUSTER_ENDPOINT": EndpointProcess.executable.path, "CLUSTER_PORT": "\(self.port)",
            "CLUSTER_INSTANCE_PORTS": self.instances.map(String.init).joined(separator: " "), "CLUSTER_POSTGRES_PORT": "\(self.postgresPort)",
            "CLUSTER_STATE": self.state.path,
        ]) { $1 }
    }

    /// The instances (their ports) the balancer's log says answered requests.
    func answeringInstances() throws -> Set<Int> {
        let log = try String(contentsOf: self.state.appendingPathComponent("balancer.log"), encoding: .utf8)
        return Set(log.matches(of: #/(?:reads|writes|live)\/instance-([0-9]+)\s/#).compactMap { Int($0.output.1) })
    }

    /// Starts the script; returns once it says the cluster is ready (it waits for every instance and
    /// the balancer to answer `/readyz`).
    static func start() async throws -> ScriptCluster {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("cluster-\(UUID().uuidString).log")
        #expect(FileManager.default.createFile(atPath: output.path, contents: nil))
        let cluster = ScriptCluster(
            port: try await EndpointProcess.freePort(), instances: [try await EndpointProcess.freePort(), try await EndpointProcess.freePort()],
            postgresPort: try await EndpointProcess.freePort(), process: Process(), output: output,
            state: FileManager.default.temporaryDirectory.appendingPathComponent("cluster-state-\(UUID().uuidString)")
        )
        // Through a shim that unblocks every signal first: the child inherits the test runner's blocked
        // signals, and a shell that starts with SIGTERM blocked could never be stopped.
        cluster.process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        cluster.process.arguments = Self.unblocked + [TestDatabase.repositoryRoot.appendingPathComponent("scripts/cluster.sh").path]
        cluster.process.environment = cluster.environment
        let log = try FileHandle(forWritingTo: output)
        cluster.process.standardOutput = log
        cluster.process.standardError = log
        try cluster.process.run()
        try log.close()
        var printed = ""
        try await Waiting.until("the cluster to be ready", seconds: 120) {
            printed = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
            return printed.contains("cluster ready:") || !cluster.process.isRunning
        }
        try #require(printed.contains("cluster ready: \(cluster.base)"), "the cluster did not become ready: \(printed)")
        return cluster
    }

    private static let unblocked = [
        "python3", "-c", "import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, []); os.execv('/bin/bash', ['bash'] + sys.argv[1:])",
    ]

    /// `cluster.sh restart`, as an operator deploys: returns once every instance is back. Waited for on
    /// a thread of its own, leaving the cooperative pool to the load.
    func restart() async throws -> (status: Int32, output: String, errors: String) {
        let arguments = Self.unblocked + [TestDatabase.repositoryRoot.appendingPathComponent("scripts/cluster.sh").path, "restart"]
        let environment = self.environment
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try Subprocess.run(URL(fileURLWithPath: "/usr/bin/env"), arguments, environment: environment) })
            }
        }
    }

    /// The process ID of the instance on `instancePort`, as the script wrote it.
    func instancePID(_ instancePort: Int) throws -> pid_t {
        let text = try String(contentsOf: self.state.appendingPathComponent("instance-\(instancePort).pid"), encoding: .utf8)
        guard let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)) else { throw TestFailure("no process ID in \(text)") }
        return pid
    }

    /// Adds alice (an administrator's command on the shared database) and logs her in through the balancer;
    /// returns her token.
    func addMemberAndLogIn(_ client: HTTPClient) async throws -> String {
        let added = try EndpointProcess.run(
            ["member", "add", "--username", "alice", "--email", "alice@example.com", "--password", "correct horse"], database: self.database)
        #expect(added.status == 0, "\(added.errors)")
        var login = HTTPClientRequest(url: self.base + "/data/endpoint.php?hook_type=account&hook=login")
        login.method = .POST
        let (contentType, body) = MultipartEncoding.form([("username", "alice"), ("password", "correct horse")])
        login.headers.add(name: "Content-Type", value: contentType)
        login.body = .bytes(ByteBuffer(string: body))
        let answer = String(buffer: try await client.execute(login, timeout: .seconds(30)).body.collect(upTo: 1 << 20))
        return String(try #require(answer.firstMatch(of: /"device_auth_pass_hashed_vl":"([A-Za-z0-9_-]+)"/)?.output.1, "\(answer)"))
    }

    /// alice's session, iOS style (the SDK's underscore headers).
    func sessionView(_ token: String) -> HTTPClientRequest {
        var view = HTTPClientRequest(url: self.base + "/data/endpoint.php/account/session")
        view.headers.add(name: "cms_member_id", value: "2")
        view.headers.add(name: "cms_member_hash", value: token)
        return view
    }

    /// Ctrl-C; the script's exit status.
    func interrupt() -> Int32 {
        self.process.interrupt()
        self.process.waitUntilExit()
        try? FileManager.default.removeItem(at: self.output)
        return self.process.terminationStatus
    }

    /// Stops a cluster a failed test left running.
    func kill() {
        if self.process.isRunning { _ = self.interrupt() }
    }
}
