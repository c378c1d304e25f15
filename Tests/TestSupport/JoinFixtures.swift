import Auth
import EndpointServer
import HTTPTypes
import HummingbirdTesting
import Messages
import SQLKit

/// Join requests as the SDKs send them.
package enum JoinFixtures {
    package static let joinURI = "/data/endpoint.php?hook_type=account&hook=join"
    package static let lostPasswordURI = "/data/endpoint.php?hook_type=account&hook=lost_password"

    /// The iOS SDK's full join form (reference §7.1), with `overrides` replacing or adding fields and
    /// `omitting` removing some.
    package static func iOSFields(
        _ username: String = "newcomer",
        email: String? = nil,
        password: String = "a sturdy passphrase",
        overrides: [(String, String)] = [],
        omitting: Set<String> = []
    ) -> [(String, String)] {
        let address = email ?? "\(username.lowercased())@example.com"
        var fields: [(String, String)] = [
            ("username", username), ("password", password), ("password_confirm", password),
            ("email_address", address), ("email_address_confirm", address),
            ("dob_day", "07"), ("dob_month", "03"), ("dob_year", "1990"), ("timezone", "Europe/London"),
        ]
        for (name, value) in overrides {
            if let index = fields.firstIndex(where: { $0.0 == name }) { fields[index].1 = value } else { fields.append((name, value)) }
        }
        return fields.filter { !omitting.contains($0.0) }
    }

    /// A code issued the way join issues it, for tests that do not read the mail.
    package static func freshConfirmationCode(memberID: Int, services: Site) async throws -> String {
        let policy = try await services.policies.current()
        try await services.database.transaction { connection in
            try await services.confirmation.send(
                to: AccountMails.Recipient(memberID: memberID, username: "x", email: "x@example.com", language: "EN"), policy: policy, on: connection
            )
        }
        return try await MailFixtures.latestLinkCode(services.database)
    }

    /// Waits (5 s at most) until the reset worker has looked at every lost-password request.
    package static func waitForResetRequests(_ services: Site) async throws {
        try await Waiting.until("the reset worker to take every lost-password request", seconds: 5) {
            try await services.database.withConnection {
                try await $0.raw("SELECT count(*) AS n FROM password_reset_requests").first()?.decode(column: "n", as: Int.self)
            } == 0
        }
    }

    /// Requests a reset for `login` and returns the code from the queued mail.
    package static func requestResetCode(for login: String, client: any TestClientProtocol, services: Site) async throws -> String {
        let before = try await MailFixtures.newestMailID(services.database)
        let answer = try await client.postForm(Self.lostPasswordURI, [("username", login)])
        guard answer.success == true else { throw TestFailure("lost password refused: \(answer.raw)") }
        try await MailFixtures.waitForMail(after: before, services.database)
        return try await MailFixtures.latestLinkCode(services.database)
    }
}

extension TestClientProtocol {
    /// Joins the way the iOS SDK does (multipart).
    package func join(_ fields: [(String, String)], headers: HTTPFields = [:]) async throws -> DecodedEnvelope {
        try await self.postMultipart(JoinFixtures.joinURI, fields, headers: headers)
    }
}
