import EndpointServer
import Foundation
import HummingbirdTesting
import Storage
import TestSupport
import Testing

/// Two-factor sign-in for the console, on both engines, with codes made by an RFC 6238
/// implementation that is not the server's (PyPI's pyotp): with `console_require_second_factor` on, an
/// administrator is sent to set it up first; a wrong or replayed code is refused, a recovery code
/// works once, the API's login is unchanged for the apps, and turning it off asks for the password.
@Suite(.enabled(if: PythonTools.enabled)) struct ConsoleSecondFactorTests {
    @Test(arguments: TestDatabase.engines)
    func anAdministratorSetsItUpAndSignsInWithCodesThatWorkOnce(engine: DatabaseEngine) async throws {
        try await TestServer.run(engine: engine, config: ["console_require_second_factor": "1"]) { client, site in
            try await AccountFixtures.member("chief", role: .administrators, services: site)
            try await ConsoleFixtures.editor("writer", services: site)
            let chief = ConsoleAgent(client)
            #expect(try await chief.signIn("chief").status == .seeOther, "no second factor yet: the password signs in")
            let dashboard = try await chief.get("/admin")
            #expect(dashboard.status == .seeOther && dashboard.location == "/admin/second-factor?required=1", "set it up before anything else")
            let required = try await chief.get("/admin/second-factor?required=1")
            #expect(required.text(ofID: "notice") == "Administrators of this site must set up two-factor sign-in before anything else.")
            #expect(try await chief.post("/admin/articles/new", [("title", "T"), ("category", "1"), ("action", "save")]).status == .forbidden)
            let editor = ConsoleAgent(client)
            try await editor.signIn("writer")
            #expect(try await editor.get("/admin").status == .ok, "editors are not asked")

            #expect(try await chief.post("/admin/second-factor", [("action", "begin")]).status == .seeOther)
            let pending = try await chief.get("/admin/second-factor")
            let key = try #require(pending.text(ofID: "second-factor-key"))
            let url = try #require(ConsoleDraftTests.link("second-factor-link", in: pending.body))
            #expect(url.hasPrefix("otpauth://totp/") && url.contains("secret=\(key)") && url.contains("issuer="), "\(url)")
            let now = Int(Date().timeIntervalSince1970)
            // The link, followed as an authenticator app follows it: its code turns the factor on.
            let wrong = try await chief.post("/admin/second-factor", [("action", "confirm"), ("code", try Self.other(than: try Self.code(url, at: now)))])
            #expect(wrong.status == .unprocessableContent && wrong.text(ofID: "error") == "That code is not right, or it was used already.")
            let confirmed = try await chief.post("/admin/second-factor", [("action", "confirm"), ("code", try Self.code(url, at: now))])
            #expect(confirmed.status == .ok, "\(confirmed.body.prefix(500))")
            let recovery = Self.recoveryCodes(in: confirmed.body)
            #expect(recovery.count == 10 && Set(recovery).count == 10, "\(recovery)")
            #expect(try await chief.get("/admin").status == .ok, "set up: the console opens")
            #expect(try await chief.get("/admin/second-factor").text(ofID: "second-factor-state")?.hasSuffix("Recovery codes left: 10.") == true)

            // Signing in now needs a code: none is asked for, a wrong one refused, the next step's works
            // (a clock a step ahead), and the same code again is a replay.
            let asked = try await ConsoleAgent(client).signIn("chief")
            #expect(asked.status == .unauthorized || asked.status == .unprocessableContent, "\(asked.status)")
            #expect(asked.text(ofID: "error") == "Give the six-digit code from your authenticator app, or one of your recovery codes.")
            #expect(asked.headers[values: .setCookie].allSatisfy { !$0.hasPrefix("console_session=") || $0.contains("Max-Age=0") })
            let next = try Self.code(url, at: now + 30)
            #expect(try await Self.signIn(client, code: try Self.other(than: next)).text(ofID: "error") == "That code is not right, or it was used already.")
            #expect(try await Self.signIn(client, code: next).status == .seeOther)
            #expect(try await Self.signIn(client, code: next).text(ofID: "error") == "That code is not right, or it was used already.", "replayed")
            // A recovery code works once.
            #expect(try await Self.signIn(client, code: recovery[0].uppercased()).status == .seeOther)
            #expect(try await Self.signIn(client, code: recovery[0]).status != .seeOther)
            #expect(try await chief.get("/admin/second-factor").text(ofID: "second-factor-state")?.hasSuffix("Recovery codes left: 9.") == true)
            // The apps' login is unchanged.
            #expect(try await client.login("chief").success == true)

            // Turning it off asks for the password again.
            _ = try await chief.get("/admin/second-factor")
            #expect(try await chief.post("/admin/second-factor", [("action", "off"), ("your_password", "wrong")]).status != .seeOther)
            #expect(try await chief.post("/admin/second-factor", [("action", "off"), ("your_password", "correct horse")]).status == .seeOther)
            #expect(try await chief.get("/admin").location == "/admin/second-factor?required=1", "off again: required again")
        }
    }

    /// Signs in `chief` with `code` in a browser of its own.
    static func signIn(_ client: any TestClientProtocol, code: String) async throws -> ConsoleAgent.Page {
        let agent = ConsoleAgent(client)
        _ = try await agent.get("/admin/sign-in")
        return try await agent.post("/admin/sign-in", [("username", "chief"), ("password", "correct horse"), ("code", code)])
    }

    /// The code pyotp computes for `url` at `time`.
    static func code(_ url: String, at time: Int) throws -> String {
        let run = try PythonTools.run("accounts/totp_code.py", [url, String(time)])
        guard run.status == 0 else { throw TestFailure("totp_code.py: \(run.errors)") }
        return run.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A six-digit code that is not `code`.
    static func other(than code: String) throws -> String {
        let number = (try #require(Int(code)) + 1) % 1_000_000
        return String(format: "%06d", number)
    }

    static func recoveryCodes(in body: String) -> [String] {
        guard let list = body.range(of: #"<ul id="recovery-codes">"#) else { return [] }
        guard let end = body.range(of: "</ul>", range: list.upperBound..<body.endIndex) else { return [] }
        return body[list.upperBound..<end.lowerBound].components(separatedBy: "<li><code>").dropFirst().map { String($0.prefix { $0 != "<" }) }
    }
}
