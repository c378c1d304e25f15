import SQLKit
public import Storage

/// The Floki app definition an administrator wrote (`floki_app`, one row), as JSON text; none while
/// the app is generated from the site. Besides it, the order they gave the generated app's tabs
/// (`floki_tab_order`), kept over the app as the site changes.
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
        connection.markStale(.news)
    }

    /// The generated app's tabs in the order an administrator gave them, by unique ID; nil for the
    /// generated order.
    public static func tabOrder(on connection: StoreConnection) async throws -> [Int]? {
        let text = try await connection.raw("SELECT tab_ids FROM floki_tab_order WHERE id = 1").first()?.decode(column: "tab_ids", as: String.self)
        return text.map { $0.split(separator: ",").compactMap { Int($0) } }
    }

    /// Keeps `uniqueIDs` as the generated app's tab order, in place of any other.
    public static func saveTabOrder(_ uniqueIDs: [Int], by memberID: Int, at time: Int, on connection: StoreConnection) async throws {
        let text = uniqueIDs.map(String.init).joined(separator: ",")
        try await connection.raw(
            """
            INSERT INTO floki_tab_order (id, tab_ids, updated_by, updated_at) VALUES (1, \(bind: text), \(bind: memberID), \(bind: time))
            ON CONFLICT (id) DO UPDATE SET tab_ids = excluded.tab_ids, updated_by = excluded.updated_by, updated_at = excluded.updated_at
            """
        ).run()
        connection.markStale(.news)
    }

    /// Goes back to the generated app, in the generated order.
    public static func remove(on connection: StoreConnection) async throws {
        try await connection.raw("DELETE FROM floki_app WHERE id = 1").run()
        try await connection.raw("DELETE FROM floki_tab_order WHERE id = 1").run()
        connection.markStale(.news)
    }
}
