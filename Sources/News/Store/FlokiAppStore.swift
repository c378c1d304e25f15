import SQLKit
public import Storage

/// The Floki app definition an administrator wrote (`floki_app`, one row), as JSON text; none while
/// the app is generated from the site.
public enum FlokiAppStore {
    public static func definition(on connection: StoreConnection) async throws -> String? {
        try await connection.raw("SELECT definition FROM floki_app WHERE id = 1").first()?.decode(column: "definition", as: String.self)
    }

    /// Stores `definition` in place of any other.
    public static func save(_ definition: String, by memberID: Int, at time: Int, on connection: StoreConnection) async throws {
        try await connection.raw(
            """
            INSERT INTO floki_app (id, definition, updated_by, updated_at) VALUES (1, \(bind: definition), \(bind: memberID), \(bind: time))
            ON CONFLICT (id) DO UPDATE SET definition = excluded.definition, updated_by = excluded.updated_by, updated_at = excluded.updated_at
            """
        ).run()
    }

    /// Goes back to the generated app.
    public static func remove(on connection: StoreConnection) async throws {
        try await connection.raw("DELETE FROM floki_app WHERE id = 1").run()
    }
}
