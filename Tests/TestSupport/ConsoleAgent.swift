import Auth
import EndpointServer
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import SQLKit

/// A browser's part in the console, without a browser: keeps the cookies the console sets, sends them
/// back, and posts forms with the token of the last page it read.
package final class ConsoleAgent {
    /// A page or redirect the console answered.
    package struct Page: Sendable {
        package let status: HTTPResponse.Status
        package let headers: HTTPFields
        package let body: String

        /// The first form token on the page.
        package var formToken: String? {
            guard let range = self.body.range(of: #"name="form_token" value=""#) else { return nil }
            return String(self.body[range.upperBound...].prefix { $0 != "\"" })
        }

        /// The value of the hidden field `name` of the page's first form holding one.
        package func hidden(_ name: String) -> String? {
            guard let range = self.body.range(of: "name=\"\(name)\" value=\"") else { return nil }
            return String(self.body[range.upperBound...].prefix { $0 != "\"" })
        }

        package var location: String? { self.headers[.location] }

        /// The text of the element with `id` (its first line of markup, tags removed).
        package func text(ofID id: String) -> String? {
            guard let start = self.body.range(of: "id=\"\(id)\"") else { return nil }
            let rest = self.body[start.upperBound...].drop { $0 != ">" }.dropFirst()
            return String(rest.prefix { $0 != "<" })
        }
    }

    private let client: any TestClientProtocol
    package private(set) var cookies: [String: String] = [:]
    private var lastToken: String?

    package init(_ client: any TestClientProtocol) {
        self.client = client
    }

    package func get(_ path: String, headers: HTTPFields = [:]) async throws -> Page {
        try await self.send(path, method: .get, headers: headers, body: nil)
    }

    /// Posts `fields` urlencoded, with the last page's form token unless `token` is given (nil:
    /// none at all).
    package func post(_ path: String, _ fields: [(String, String)], token: String?? = .none, headers: HTTPFields = [:]) async throws -> Page {
        var headers = headers
        headers[.contentType] = "application/x-www-form-urlencoded"
        let formToken: String? = token ?? self.lastToken
        let body = FormEncoding.body((formToken.map { [("form_token", $0)] } ?? []) + fields)
        return try await self.send(path, method: .post, headers: headers, body: ByteBuffer(string: body))
    }

    /// Posts `fields` and the file `image` as a multipart form (a browser's editor form), with the last
    /// page's form token.
    package func postMultipart(
        _ path: String, _ fields: [(String, String)], image: [UInt8], imageField: String = "image", fileName: String = "photo"
    ) async throws -> Page {
        let boundary = "Boundary-\(UUID().uuidString)"
        var body = ByteBuffer()
        for (name, value) in (self.lastToken.map { [("form_token", $0)] } ?? []) + fields {
            body.writeString("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n")
        }
        body.writeString(
            "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(imageField)\"; filename=\"\(fileName)\"\r\nContent-Type: application/octet-stream\r\n\r\n"
        )
        body.writeBytes(image)
        body.writeString("\r\n--\(boundary)--\r\n")
        return try await self.send(path, method: .post, headers: [.contentType: "multipart/form-data; boundary=\(boundary)"], body: body)
    }

    /// Signs in through the sign-in form; the answer to its submission.
    @discardableResult
    package func signIn(_ username: String, _ password: String = "correct horse") async throws -> Page {
        _ = try await self.get("/admin/sign-in")
        return try await self.post("/admin/sign-in", [("username", username), ("password", password)])
    }

    private func send(_ path: String, method: HTTPRequest.Method, headers: HTTPFields, body: ByteBuffer?) async throws -> Page {
        var headers = headers
        if !self.cookies.isEmpty, headers[.cookie] == nil {
            headers[.cookie] = self.cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
        }
        let page = try await self.client.execute(uri: path, method: method, headers: headers, body: body) { response in
            Page(status: response.status, headers: response.headers, body: String(buffer: response.body))
        }
        for cookie in page.headers[values: .setCookie] {
            let pair = cookie.split(separator: ";")[0].split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard pair.count == 2 else { continue }
            if pair[1].isEmpty || cookie.contains("Max-Age=0") { self.cookies[pair[0]] = nil } else { self.cookies[pair[0]] = pair[1] }
        }
        if let token = page.formToken { self.lastToken = token }
        return page
    }
}

/// Members with the standing the console asks for.
package enum ConsoleFixtures {
    /// A group whose members edit news (Composr's `edit_highrange_content`), and a member `username`
    /// in it; the member's ID.
    @discardableResult
    package static func editor(_ username: String, services: Site) async throws -> Int {
        let memberID = try await AccountFixtures.member(username, services: services)
        try await services.database.transaction { connection in
            let group = try await GroupStore.create(name: "Editors \(username)", on: connection)
            try await connection.raw("INSERT INTO group_privileges (group_id, privilege) VALUES (\(bind: group), 'edit_highrange_content')").run()
            try await connection.raw("INSERT INTO group_members (group_id, member_id) VALUES (\(bind: group), \(bind: memberID))").run()
        }
        return memberID
    }

    /// A group named `name` with new members `usernames` in it; their IDs.
    package static func group(_ name: String, members usernames: [String], services: Site) async throws -> [Int] {
        var ids: [Int] = []
        for username in usernames { ids.append(try await AccountFixtures.member(username, services: services)) }
        try await services.database.transaction { [ids] connection in
            let group = try await GroupStore.create(name: name, on: connection)
            for id in ids {
                try await connection.raw("INSERT INTO group_members (group_id, member_id) VALUES (\(bind: group), \(bind: id))").run()
            }
        }
        return ids
    }
}
