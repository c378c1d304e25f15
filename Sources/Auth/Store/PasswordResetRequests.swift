public import Outbox
import SQLKit
public import Storage
public import Text

/// Lost-password requests waiting to be looked at (table `password_reset_requests`): the login name a
/// client typed, when, and the request that asked.
///
/// A request is answered once its row is written, the same for every login name; what follows
/// (finding the account, mailing its link) is the reset worker's, so the answer's timing says nothing
/// about whether the account exists.
public enum PasswordResetRequests {
    /// One waiting request.
    public struct Request: Sendable, Equatable {
        public let id: Int
        public let login: String
        /// The request that asked (its `X-Request-Id`), for the mail it leads to.
        public let requestID: String
    }

    /// Records a request for `login` made at `now` (at most 255 characters are kept: no login is
    /// longer).
    public static func add(login: String, now: Int, on connection: StoreConnection) async throws {
        try await connection.raw(
            """
            INSERT INTO password_reset_requests (login, requested_at, request_id)
            VALUES (\(bind: TextLength.prefix(login, 255)), \(bind: now), \(bind: RequestOrigin.requestID))
            """
        ).run()
    }

    /// The oldest waiting request, if any.
    public static func oldest(on connection: StoreConnection) async throws -> Request? {
        try await connection.raw("SELECT id, login, request_id FROM password_reset_requests ORDER BY id LIMIT 1").first().map { row in
            Request(
                id: try row.decode(column: "id", as: Int.self), login: try row.decode(column: "login", as: String.self),
                requestID: try row.decode(column: "request_id", as: String.self)
            )
        }
    }

    /// Removes request `id` on `connection` (inside the transaction that acts on it); false when another
    /// worker took it first.
    public static func take(_ id: Int, on connection: StoreConnection) async throws -> Bool {
        try await connection.raw("DELETE FROM password_reset_requests WHERE id = \(bind: id) RETURNING id").first() != nil
    }
}
