import HTTPTypes
import HummingbirdTesting

/// Join requests as the SDKs send them.
enum JoinFixtures {
    static let joinURI = "/data/endpoint.php?hook_type=account&hook=join"
    static let lostPasswordURI = "/data/endpoint.php?hook_type=account&hook=lost_password"

    /// The iOS SDK's full join form (reference §7.1), with `overrides` replacing or adding fields and
    /// `omitting` removing some.
    static func iOSFields(
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
}

extension TestClientProtocol {
    /// Joins the way the iOS SDK does (multipart).
    func join(_ fields: [(String, String)], headers: HTTPFields = [:]) async throws -> DecodedEnvelope {
        try await self.postMultipart(JoinFixtures.joinURI, fields, headers: headers)
    }
}
