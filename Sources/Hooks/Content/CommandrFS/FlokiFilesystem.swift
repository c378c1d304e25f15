import Auth
import EndpointCore
import Messages
import News
import Storage
import Text

/// `/var/floki`: the Floki app's definition, the one file `app` (tabs in order with their class,
/// category, titles, icon and data options; the `misc` device lists). Reading it gives the definition
/// in force, generated from the site until an administrator writes one; editing replaces it once it
/// passes the checks of ``FlokiAppDefinition/init(parsing:categoryIDs:)``; deleting it goes back to the
/// generated app. The version indicator changes with it, so every app fetches the new definition.
struct FlokiFilesystem: CommandrFilesystem {
    /// What decides which articles are shown (the generated definition offers a Gallery tab once one is).
    let clock: SiteClock

    private static let file = "app"

    func list(_ path: [String], on connection: StoreConnection) async throws -> [CommandrEntry]? {
        path.isEmpty ? [.file(Self.file)] : nil
    }

    func read(_ path: [String], on connection: StoreConnection) async throws -> JSONValue? {
        guard path == [Self.file] else { return nil }
        return try await FlokiAppDefinition.current(now: self.clock.now, on: connection).json
    }

    func add(_ path: [String], _ write: CommandrWrite, on connection: StoreConnection) async throws -> [String] {
        throw EndpointError.refused(.cannotCreateHere, "var/floki/" + path.joined(separator: "/"))
    }

    func edit(_ path: [String], _ write: CommandrWrite, on connection: StoreConnection) async throws {
        guard let json = JSONValue(parsing: write.data.trimmingWhitespace) else { throw EndpointError.refused(.invalidPropertyData) }
        let definition = try await FlokiAppDefinition.written(json, on: connection)
        try await FlokiAppStore.save(definition.json.serialized, by: write.actorID, at: write.now, on: connection)
    }

    func delete(_ path: [String], _ write: CommandrWrite, on connection: StoreConnection) async throws {
        try await FlokiAppStore.remove(on: connection)
    }
}
