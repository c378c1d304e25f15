import Auth
import EndpointCore
import EndpointServer
import Foundation
import HTTPTypes
import Hooks
import HummingbirdTesting
import SQLKit
import Storage

/// Accounts and logins for authentication tests.
package enum AccountFixtures {
    package static let loginURI = "/data/endpoint.php?hook_type=account&hook=login"
    package static let sessionURI = "/data/endpoint.php?hook_type=account&hook=session"

    /// Creates a member with an Argon2id hash of `password`; returns its ID.
    @discardableResult
    package static func member(
        _ username: String,
        password: String = "correct horse",
        role: GroupRole = .members,
        services: Site
    ) async throws -> Int {
        let hash = try await services.hasher.hash(password)
        return try await services.database.transaction { connection in
            let member = NewMember(
                username: username, email: "\(username.lowercased())@example.com", passwordHash: hash,
                primaryGroupID: try await GroupStore.groupID(for: role, on: connection)
            )
            return try await MemberStore.create(member, on: connection, now: services.clock.now)
        }
    }

    /// Sets columns of a member row directly, as an import or an administrator would.
    package static func update(_ memberID: Int, _ assignments: SQLQueryString, services: Site) async throws {
        try await services.database.withConnection { connection in
            try await connection.raw("UPDATE members SET \(assignments) WHERE id = \(bind: memberID)").run()
        }
    }

    /// The member's stored password hash.
    package static func storedHash(_ memberID: Int, services: Site) async throws -> String {
        try await services.database.withConnection { try await MemberStore.find(id: memberID, on: $0) }?.passwordHash ?? ""
    }
}

/// A successful login's credentials.
package struct LoggedIn {
    package let memberID: String
    package let token: String
    package let sessionID: String
    package let answer: DecodedEnvelope

    package init(_ answer: DecodedEnvelope) throws {
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
    package var iOSHeaders: HTTPFields {
        [HTTPField.Name("cms_member_id")!: self.memberID, HTTPField.Name("cms_member_hash")!: self.token]
    }

    package var cookieHeader: HTTPFields {
        [.cookie: "cms_member_id=\(self.memberID); cms_member_hash=\(self.token)"]
    }

    package var formFields: [(String, String)] {
        [
            ("device_auth_member_id_cn", "cms_member_id"), ("device_auth_member_id_vl", self.memberID),
            ("device_auth_pass_hashed_cn", "cms_member_hash"), ("device_auth_pass_hashed_vl", self.token),
        ]
    }
}

extension TestClientProtocol {
    /// Logs in the way the Android SDK does (urlencoded POST).
    package func login(_ username: String, _ password: String = "correct horse", headers: HTTPFields = [:]) async throws -> DecodedEnvelope {
        try await self.postForm(AccountFixtures.loginURI, [("username", username), ("password", password)], headers: headers)
    }
}

/// Reading members and groups in a test, each read on a connection of its own (the stores take the
/// caller's connection; a test's assertion is its own unit of work).
package struct TestMembers: Sendable {
    let database: Database

    package func find(id: Int) async throws -> MemberRecord? {
        try await self.database.withConnection { try await MemberStore.find(id: id, on: $0) }
    }

    package func find(login: String) async throws -> MemberRecord? {
        try await self.database.withConnection { try await MemberStore.find(login: login, on: $0) }
    }

    package func create(_ member: NewMember, now: Int) async throws -> Int {
        try await self.database.transaction { try await MemberStore.create(member, on: $0, now: now) }
    }
}

/// The groups of a test's site, read on a connection of their own.
package struct TestGroups: Sendable {
    let database: Database

    package func groupID(for role: GroupRole) async throws -> Int {
        try await self.database.withConnection { try await GroupStore.groupID(for: role, on: $0) }
    }
}

extension Site {
    package var members: TestMembers { TestMembers(database: self.database) }
    package var groups: TestGroups { TestGroups(database: self.database) }
}

extension Database {
    package var members: TestMembers { TestMembers(database: self) }
    package var groups: TestGroups { TestGroups(database: self) }
}
