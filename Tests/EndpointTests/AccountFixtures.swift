import Auth
import Foundation
import Hooks
import HTTPTypes
import HummingbirdTesting
import SiteStore
import SQLKit

/// Accounts and logins for authentication tests.
enum AccountFixtures {
    static let loginURI = "/data/endpoint.php?hook_type=account&hook=login"
    static let sessionURI = "/data/endpoint.php?hook_type=account&hook=session"

    /// Creates a member with an Argon2id hash of `password`; returns its ID.
    @discardableResult
    static func member(
        _ username: String,
        password: String = "correct horse",
        role: GroupRole = .members,
        services: HookServices
    ) async throws -> Int {
        let group = try await services.members.groupID(for: role)
        return try await services.members.create(NewMember(
            username: username,
            email: "\(username.lowercased())@example.com",
            passwordHash: try await services.hasher.hash(password),
            primaryGroupID: group
        ))
    }

    /// Sets columns of a member row directly, as an import or an administrator would.
    static func update(_ memberID: Int, _ assignments: SQLQueryString, services: HookServices) async throws {
        try await services.database.withConnection { connection in
            try await connection.raw("UPDATE members SET \(assignments) WHERE id = \(bind: memberID)").run()
        }
    }

    /// The member's stored password hash.
    static func storedHash(_ memberID: Int, services: HookServices) async throws -> String {
        try await services.members.find(id: memberID)?.passwordHash ?? ""
    }
}

/// A successful login's credentials.
struct LoggedIn {
    let memberID: String
    let token: String
    let sessionID: String
    let answer: DecodedEnvelope

    init(_ answer: DecodedEnvelope) throws {
        guard answer.success == true,
              let memberID = answer.data["device_auth_member_id_vl"] as? String,
              let token = answer.data["device_auth_pass_hashed_vl"] as? String,
              let sessionID = answer.data["sessionID"] as? String
        else { throw TestFailure("login failed: \(answer.raw)") }
        self.memberID = memberID
        self.token = token
        self.sessionID = sessionID
        self.answer = answer
    }

    /// Headers named after the cookies, as the iOS SDK sends them.
    var iOSHeaders: HTTPFields {
        [HTTPField.Name("cms_member_id")!: self.memberID, HTTPField.Name("cms_member_hash")!: self.token]
    }

    var cookieHeader: HTTPFields {
        [.cookie: "cms_member_id=\(self.memberID); cms_member_hash=\(self.token)"]
    }

    var formFields: [(String, String)] {
        [
            ("device_auth_member_id_cn", "cms_member_id"), ("device_auth_member_id_vl", self.memberID),
            ("device_auth_pass_hashed_cn", "cms_member_hash"), ("device_auth_pass_hashed_vl", self.token),
        ]
    }
}

extension TestClientProtocol {
    /// Logs in the way the Android SDK does (urlencoded POST).
    func login(_ username: String, _ password: String = "correct horse", headers: HTTPFields = [:]) async throws -> DecodedEnvelope {
        try await self.postForm(AccountFixtures.loginURI, [("username", username), ("password", password)], headers: headers)
    }
}
