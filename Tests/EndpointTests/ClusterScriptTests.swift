import AsyncHTTPClient
import Foundation
import NIOCore
import TestSupport
import Testing

/// nginx is a Debian package the test command installs; under CI it must be there.
private let nginxInstalled = FileManager.default.isExecutableFile(atPath: "/usr/sbin/nginx") || ProcessInfo.processInfo.environment["CI"] != nil

/// `scripts/cluster.sh` as an operator runs it: PostgreSQL, two instances and nginx; an iOS-style login
/// and authenticated calls with the SDK's underscore headers go through the balancer to both
/// instances; Ctrl-C (SIGINT) stops everything.
@Suite(.enabled(if: nginxInstalled))
struct ClusterScriptTests {
    @Test func anIOSLoginAndAuthenticatedCallsGoThroughTheBalancerToBothInstances() async throws {
        let port = try await EndpointProcess.freePort()
        let instances = [try await EndpointProcess.freePort(), try await EndpointProcess.freePort()]
        let postgresPort = try await EndpointProcess.freePort()
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("cluster-\(UUID().uuidString).log")
        #expect(FileManager.default.createFile(atPath: output.path, contents: nil))
        defer { try? FileManager.default.removeItem(at: output) }
        let cluster = Process()
        // Through a shim that unblocks every signal first: the child inherits the test runner's blocked
        // signals, and a shell that starts with SIGTERM blocked could never be stopped.
        cluster.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        cluster.arguments = [
            "python3", "-c", "import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, []); os.execv('/bin/bash', ['bash'] + sys.argv[1:])",
            TestDatabase.repositoryRoot.appendingPathComponent("scripts/cluster.sh").path,
        ]
        cluster.environment = ProcessInfo.processInfo.environment.merging([
            "CLUSTER_ENDPOINT": EndpointProcess.executable.path, "CLUSTER_PORT": "\(port)",
            "CLUSTER_INSTANCE_PORTS": instances.map(String.init).joined(separator: " "), "CLUSTER_POSTGRES_PORT": "\(postgresPort)",
        ]) { $1 }
        let log = try FileHandle(forWritingTo: output)
        cluster.standardOutput = log
        cluster.standardError = log
        try cluster.run()
        defer { if cluster.isRunning { cluster.terminate() } }

        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        defer { _ = client.shutdown(queue: .global()) { _ in } }
        let base = "http://127.0.0.1:\(port)"
        // Ready once the script says so (it waits for every instance and nginx to answer /readyz).
        var printed = ""
        for _ in 0..<300 where !printed.contains("cluster ready:") && cluster.isRunning {
            try await Task.sleep(for: .milliseconds(200))
            printed = try String(contentsOf: output, encoding: .utf8)
        }
        try #require(printed.contains("cluster ready: \(base)"), "the cluster did not become ready: \(printed)")
        #expect(try await client.execute(HTTPClientRequest(url: base + "/readyz"), timeout: .seconds(5)).status == .ok)
        let added = try EndpointProcess.run(
            ["member", "add", "--username", "alice", "--email", "alice@example.com", "--password", "correct horse"],
            database: "postgres://postgres@127.0.0.1:\(postgresPort)/postgres"
        )
        #expect(added.status == 0, "\(added.errors)")

        var login = HTTPClientRequest(url: base + "/data/endpoint.php?hook_type=account&hook=login")
        login.method = .POST
        let (contentType, body) = MultipartEncoding.form([("username", "alice"), ("password", "correct horse")])
        login.headers.add(name: "Content-Type", value: contentType)
        login.body = .bytes(ByteBuffer(string: body))
        let loggedIn = try await client.execute(login, timeout: .seconds(30))
        let answer = String(buffer: try await loggedIn.body.collect(upTo: 1 << 20))
        let token = try #require(answer.firstMatch(of: /"device_auth_pass_hashed_vl":"([A-Za-z0-9_-]+)"/)?.output.1, "\(answer)")

        var upstreams: Set<String> = []
        for _ in 0..<4 {
            var view = HTTPClientRequest(url: base + "/data/endpoint.php/account/session")
            view.headers.add(name: "cms_member_id", value: "2")
            view.headers.add(name: "cms_member_hash", value: String(token))
            let response = try await client.execute(view, timeout: .seconds(10))
            let text = String(buffer: try await response.body.collect(upTo: 1 << 20))
            #expect(text.hasPrefix(#"{"success":true"#) && text.contains(#""username":"alice""#), "\(text)")
            upstreams.formUnion(response.headers["X-Upstream"])
        }
        #expect(upstreams == Set(instances.map { "127.0.0.1:\($0)" }), "both instances answered")

        cluster.interrupt()
        cluster.waitUntilExit()
        try log.close()
        #expect(cluster.terminationStatus == 0)
        for stopped in [port] + instances {
            #expect(
                (try? await client.execute(HTTPClientRequest(url: "http://127.0.0.1:\(stopped)/healthz"), timeout: .seconds(1))) == nil, "\(stopped) stopped")
        }
    }
}
