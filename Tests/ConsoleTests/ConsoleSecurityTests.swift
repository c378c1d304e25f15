import Auth
import EndpointServer
import Foundation
import Glibc
import HTTPTypes
import HummingbirdTesting
import Messages
import NIOCore
import SQLKit
import Storage
import TestSupport
import Testing

/// The third security review's findings on the console, each performed through the real server: a
/// preview that crashed the server (S-2), sessions that opened the console without its sign-in
/// (S-11), and access lines that named no one (S-12).
@Suite struct ConsoleSecurityTests {
    /// S-2: `[html]` and `<x</>` 400,000 times (2.4 MB) made gumbo build a tree it freed recursively:
    /// SIGSEGV, every client lost. Text is rendered in a child process now, the depth counted as the
    /// parser counts it: the editor gets a sentence and the server goes on; a render child killed
    /// (SIGKILL) while requests come costs at most the request it held.
    @Test func aPreviewThatCrashedTheServerGetsASentence() async throws {
        try await TestServer.run { client, site in
            try await AccountFixtures.member("chief", role: .administrators, services: site)
            let agent = ConsoleAgent(client)
            try await agent.signIn("chief")
            _ = try await agent.get("/admin/articles/new")
            // HTML (`[semihtml]`'s content, as the review's `[html]` was) within the body's limit of a million characters.
            let crashing = "[semihtml]" + String(repeating: "<x</>", count: 190_000) + "[/semihtml]"
            let refused = try await agent.post("/admin/preview", [("format", "comcode"), ("body", crashing)])
            #expect(refused.status == .unprocessableContent, "\(refused.status)")
            #expect(refused.body.contains(MessageCatalog.english.text(.newsTextTooDeep, "512")), "\(refused.body.prefix(300))")
            #expect(try await client.execute(uri: "/healthz", method: .get) { $0.status } == .ok)

            let table =
                "|" + String(repeating: "a|", count: 1_000) + "\n|" + String(repeating: "-|", count: 1_000) + "\n" + String(repeating: "x\n", count: 9_500)
            let wide = try await agent.post("/admin/preview", [("format", "markdown"), ("body", table)])
            #expect(wide.status == .unprocessableContent, "\(wide.status)")
            #expect(wide.body.contains("tables have more than 20000 cells in all."), "\(wide.body.prefix(300))")

            let preview = try await agent.post("/admin/preview", [("format", "markdown"), ("body", "**Still** here")])
            #expect(preview.status == .ok && preview.body.contains("<strong>Still</strong>"))
            // Every render child killed, then previews again: each answered, rendered by a new child.
            for pid in Self.renderChildren() { kill(pid, SIGKILL) }
            for round in 0..<3 {
                let again = try await agent.post("/admin/preview", [("format", "markdown"), ("body", "Round *\(round)*")])
                #expect(again.status == .ok && again.body.contains("<em>\(round)</em>"), "\(again.status) \(again.body.prefix(200))")
            }
            // Killed while a maximal body is being rendered: that preview may get the sentence, the next renders.
            let maximal = String(repeating: "Some *words* and a [link](https://example.com). ", count: 18_000)
            let form = try #require(try await agent.get("/admin/articles/new").formToken)
            let headers: HTTPFields = [
                .cookie: agent.cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; "), .contentType: "application/x-www-form-urlencoded",
            ]
            let body = ByteBuffer(string: FormEncoding.body([("form_token", form), ("format", "markdown"), ("body", maximal)]))
            async let inFlight = client.execute(uri: "/admin/preview", method: .post, headers: headers, body: body) {
                ($0.status, String(buffer: $0.body))
            }
            try await Waiting.until("a child rendering", seconds: 10) { !Self.renderChildren().isEmpty }
            for pid in Self.renderChildren() { kill(pid, SIGKILL) }
            let held = try await inFlight
            #expect(
                held.0 == .ok || (held.0 == .badRequest && held.1.contains(MessageCatalog.english.text(.newsTextNotRendered))), "\(held.0)")
            let next = try await agent.post("/admin/preview", [("format", "markdown"), ("body", "**Next**")])
            #expect(next.status == .ok && next.body.contains("<strong>Next</strong>"))
        }
    }

    /// The render children of this process (`endpoint render-child`).
    static func renderChildren() -> [pid_t] {
        let me = getpid()
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry in
            guard let pid = pid_t(entry), let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let command = try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8)
            else { return nil }
            let fields = stat[(stat.lastIndex(of: ")") ?? stat.startIndex)...].split(separator: " ")
            guard fields.count > 2, pid_t(fields[2]) == me, !fields[1].hasPrefix("Z") else { return nil }
            return command.hasSuffix("\0render-child\0") ? pid : nil
        }
    }

    /// S-11: any device session's token opened `/admin`, a Composr hash kept by `--keep-app-sessions`
    /// included. Only a session the console's own sign-in made opens it.
    @Test func onlyTheConsolesOwnSignInOpensIt() async throws {
        try await TestServer.run { client, site in
            let chief = try await AccountFixtures.member("chief", role: .administrators, services: site)
            let app = try LoggedIn(try await client.login("chief"))
            let agent = ConsoleAgent(client)
            let withAppSession = try await agent.get("/admin/settings", headers: [.cookie: "endpoint_console=\(chief).\(app.token)"])
            #expect(withAppSession.status == .seeOther && withAppSession.location == "/admin/sign-in", "an app's session opens nothing here")

            let composrHash = "$2y$10$GDxGpHhvTwSAAsb0QCdpq.dmf1G7N4gEGzvvOZqRyGrqE8dhgXcFC"
            _ = try await site.database.withConnection { connection in
                try await DeviceSessionStore.keepComposrAppSession(
                    memberID: chief, composrHash: composrHash, expiresAt: site.clock.now + 3600, now: site.clock.now, on: connection)
            }
            let asTheApp: HTTPFields = [HTTPField.Name("cms_member_id")!: String(chief), HTTPField.Name("cms_member_hash")!: composrHash]
            #expect(try await client.envelope(AccountFixtures.sessionURI, headers: asTheApp).success == true, "the kept session works for the app")
            let withKept = try await agent.get("/admin/settings", headers: [.cookie: "endpoint_console=\(chief).\(composrHash)"])
            #expect(withKept.status == .seeOther && withKept.location == "/admin/sign-in", "the kept Composr session opens nothing here")

            try await agent.signIn("chief")
            #expect(try await agent.get("/admin/settings").status == .ok, "the console's own session does")
        }
    }

    /// S-12: the access log said `member=guest` for every console request; it names the member.
    @Test func theAccessLogNamesTheConsolesMember() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("access-\(UUID()).log")
        defer { try? FileManager.default.removeItem(at: file) }
        let log = try AccessLog(destination: .file(file.path), format: .json)
        let chief = try await TestServer.run(accessLog: log) { client, site in
            let chief = try await AccountFixtures.member("chief", role: .administrators, services: site)
            let agent = ConsoleAgent(client)
            try await agent.signIn("chief")
            #expect(try await agent.get("/admin/members").status == .ok)
            _ = try await agent.get("/admin/articles/new")
            #expect(try await agent.post("/admin/preview", [("format", "markdown"), ("body", "x")]).status == .ok)
            return chief
        }
        log.stop()
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").compactMap {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        let members = Dictionary(lines.map { (($0["method"] as? String ?? "") + " " + ($0["path"] as? String ?? ""), $0["member"] as? String ?? "") }) { $1 }
        #expect(members["GET /admin/members"] == String(chief), "\(members)")
        #expect(members["POST /admin/preview"] == String(chief), "\(members)")
        #expect(members["GET /admin/sign-in"] == "guest", "\(members)")
    }
}
