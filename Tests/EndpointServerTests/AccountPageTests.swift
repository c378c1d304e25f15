import EndpointCore
import EndpointServer
import Foundation
import HTTPTypes
import Hooks
import HummingbirdTesting
import NIOCore
import TestSupport
import Testing

/// The HTML pages e-mailed links open: nothing changes on opening, forms need their cookie, output is
/// escaped, and the headers keep the page self-contained.
@Suite struct AccountPageTests {
    /// A fetched page.
    struct Page {
        let status: HTTPResponse.Status
        let headers: HTTPFields
        let body: String

        /// The value of the hidden form token.
        var formToken: String? {
            guard let range = self.body.range(of: #"name="form_token" value=""#) else { return nil }
            return String(self.body[range.upperBound...].prefix { $0 != "\"" })
        }

        /// `name=value` of the form-token cookie it set.
        var tokenCookie: String? {
            self.headers[values: .setCookie].first { $0.hasPrefix("endpoint_form_token=") }?.split(separator: ";").first.map(String.init)
        }
    }

    static func fetch(
        _ client: any TestClientProtocol, _ uri: String, method: HTTPRequest.Method = .get, headers: HTTPFields = [:], form: [(String, String)]? = nil
    ) async throws -> Page {
        var headers = headers
        var body: ByteBuffer?
        if let form {
            headers[.contentType] = "application/x-www-form-urlencoded"
            body = ByteBuffer(string: FormEncoding.body(form))
        }
        return try await client.execute(uri: uri, method: method, headers: headers, body: body) { response in
            Page(status: response.status, headers: response.headers, body: String(buffer: response.body))
        }
    }

    @Test func theConfirmationPageConfirmsOnlyWhenItsFormIsSubmitted() async throws {
        try await TestServer.run { client, services in
            let joined = try await client.join(JoinFixtures.iOSFields("clicker"))
            let memberID = try #require(joined.data["member_id"] as? Int)
            let code = try await JoinFixtures.freshConfirmationCode(memberID: memberID, services: services)
            let uri = "/account/confirm-email?member=\(memberID)&code=\(code)"

            let page = try await Self.fetch(client, uri)
            #expect(page.status == .ok)
            #expect(page.headers[.contentType] == "text/html; charset=utf-8")
            #expect(page.headers[.contentSecurityPolicy]?.hasPrefix("default-src 'none'") == true)
            #expect(page.headers[HTTPField.Name("Referrer-Policy")!] == "no-referrer")
            #expect(page.headers[.cacheControl] == "no-store")
            #expect(page.body.contains("<h1>Confirm your e-mail address</h1>"))
            #expect(page.headers[values: .setCookie].first?.contains("SameSite=Strict") == true)
            #expect(try await services.members.find(id: memberID)?.emailConfirmed == false, "opening the link changes nothing")

            let token = try #require(page.formToken)
            let cookie = try #require(page.tokenCookie)
            let fields = [("member", String(memberID)), ("code", code), ("form_token", token)]
            let forged = try await Self.fetch(client, "/account/confirm-email", method: .post, form: fields)
            #expect(forged.status == .forbidden)
            #expect(forged.body.contains("This form could not be checked"))
            let wrongToken = try await Self.fetch(
                client, "/account/confirm-email", method: .post, headers: [.cookie: cookie],
                form: [("member", String(memberID)), ("code", code), ("form_token", "x")])
            #expect(wrongToken.status == .forbidden)
            #expect(try await services.members.find(id: memberID)?.emailConfirmed == false)

            let done = try await Self.fetch(client, "/account/confirm-email", method: .post, headers: [.cookie: cookie], form: fields)
            #expect(done.status == .ok)
            #expect(done.body.contains("Your e-mail address has been confirmed. You may now log in."))
            #expect(try await services.members.find(id: memberID)?.emailConfirmed == true)
        }
    }

    @Test func theResetPageChecksTheCodeAndThePasswordRules() async throws {
        try await TestServer.run { client, services in
            let memberID = try await AccountFixtures.member("browser", services: services)
            #expect(try await Self.fetch(client, "/account/reset-password?member=\(memberID)").status == .badRequest)
            let wrong = try await Self.fetch(client, "/account/reset-password?member=\(memberID)&code=\(String(repeating: "C", count: 32))")
            #expect(wrong.status == .unprocessableContent)
            #expect(wrong.body.contains("You have entered an incorrect reset code."))
            #expect(wrong.formToken == nil)

            let code = try await JoinFixtures.requestResetCode(for: "browser", client: client, services: services)
            let form = try await Self.fetch(client, "/account/reset-password?member=\(memberID)&code=\(code)")
            #expect(form.status == .ok)
            #expect(form.body.contains(#"type="password""#) && form.body.contains(#"autocomplete="new-password""#))
            let cookie = try #require(form.tokenCookie)
            func submit(_ password: String, _ confirm: String, token: String) async throws -> Page {
                try await Self.fetch(
                    client, "/account/reset-password", method: .post, headers: [.cookie: cookie],
                    form: [
                        ("member", String(memberID)), ("code", code), ("form_token", token), ("password", password), ("password_confirm", confirm),
                    ])
            }
            let mismatch = try await submit("my new passphrase", "my new passphrasf", token: try #require(form.formToken))
            #expect(mismatch.status == .unprocessableContent)
            #expect(mismatch.body.contains("The two passwords you gave do not match."))
            #expect(mismatch.formToken != nil, "the form is shown again")

            let retryCookie = try #require(mismatch.tokenCookie)
            let done = try await Self.fetch(
                client, "/account/reset-password", method: .post, headers: [.cookie: retryCookie],
                form: [
                    ("member", String(memberID)), ("code", code), ("form_token", try #require(mismatch.formToken)),
                    ("password", "my new passphrase"), ("password_confirm", "my new passphrase"),
                ])
            #expect(done.status == .ok)
            #expect(done.body.contains("Your password has been changed"))
            #expect(try await client.login("browser", "my new passphrase").success == true)
        }
    }

    @Test func pagesEscapeWhatTheyShow() async throws {
        try await TestServer.run(config: ["site_name": "<script>alert(1)</script> & Co"]) { client, _ in
            let page = try await Self.fetch(client, "/account/confirm-email?member=2&code=%22%3E%3Cimg%20src%3Dx%3E")
            #expect(page.body.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co"))
            #expect(!page.body.contains("<script>"))
            #expect(!page.body.contains("<img"))
            let style = try await Self.fetch(client, "/account/style.css")
            #expect(style.status == .ok && style.headers[.contentType] == "text/css; charset=utf-8")
        }
    }
}
