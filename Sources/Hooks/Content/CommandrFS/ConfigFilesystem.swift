import Auth
import EndpointCore
import Messages
import Storage

/// `/etc`: one file per config option. Reading gives `{"data": value}`; editing checks the value
/// against the option's rule and applies it to the running server at once. Options cannot be
/// added or deleted.
struct ConfigFilesystem: CommandrFilesystem {
    func list(_ path: [String], on connection: StoreConnection) async throws -> [CommandrEntry]? {
        guard path.isEmpty else { return nil }
        return try await ConfigStore.all(on: connection).map { CommandrEntry.file($0.name, size: $0.value.utf8.count) }
    }

    func read(_ path: [String], on connection: StoreConnection) async throws -> JSONValue? {
        guard path.count == 1, let value = try await ConfigStore.value(path[0], on: connection) else { return nil }
        return ["data": .string(value)]
    }

    func add(_ path: [String], _ write: CommandrWrite, on connection: StoreConnection) async throws -> [String] {
        throw EndpointError.refused(.cannotCreateHere, "etc/" + path.joined(separator: "/"))
    }

    func edit(_ path: [String], _ write: CommandrWrite, on connection: StoreConnection) async throws {
        let name = path[0]
        let kind = ConfigOption.declared.first { $0.name == name }?.kind ?? ConfigOptionRule.undeclared
        let value = try ConfigOptionRule.check(Self.rawValue(write.data), option: name, kind: kind)
        _ = try await ConfigStore.write(name, value: value, on: connection)
    }

    func delete(_ path: [String], _ write: CommandrWrite, on connection: StoreConnection) async throws {
        throw EndpointError.refused(.cannotDelete, "etc/" + path.joined(separator: "/"))
    }

    /// The new value: `data` itself, or the `data` member of a `{"data": …}` object (what a read
    /// returns), so a read result can be edited and sent back.
    private static func rawValue(_ data: String) -> String {
        if case .object? = JSONValue(parsing: data), let inner = JSONValue(parsing: data)?["data"] {
            switch inner {
            case .string(let text): return text
            case .int(let number): return String(number)
            case .bool(let flag): return flag ? "1" : "0"
            default: break
            }
        }
        return data
    }
}
