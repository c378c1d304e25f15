import Contact
import EndpointCore
import Messages
import Storage

/// `/var/contact_messages`: the messages `contact_us` stored, one `.cms` file each. They can be read,
/// have their `status` changed and be deleted; new ones only arrive through `contact_us`.
struct ContactMessagesFilesystem: CommandrFilesystem {
    func list(_ path: [String], on connection: StoreConnection) async throws -> [CommandrEntry]? {
        guard path.isEmpty else { return nil }
        let identities = try await ResourceIdentityStore.all(.contactMessage, on: connection)
        return try await StaffMessageStore.all(on: connection).compactMap { message in
            identities[message.id].map { .file($0.moniker + ".cms", modified: message.createdAt) }
        }
    }

    func read(_ path: [String], on connection: StoreConnection) async throws -> JSONValue? {
        guard let message = try await Self.message(path, on: connection) else { return nil }
        return try await Self.json(message, on: connection)
    }

    func locate(_ identity: ResourceIdentity, on connection: StoreConnection) async throws -> [String]? {
        identity.type == .contactMessage ? [identity.moniker + ".cms"] : nil
    }

    func add(_ path: [String], _ write: CommandrWrite, on connection: StoreConnection) async throws -> [String] {
        throw EndpointError.refused(.cannotCreateHere, "var/contact_messages/" + path.joined(separator: "/"))
    }

    func edit(_ path: [String], _ write: CommandrWrite, on connection: StoreConnection) async throws {
        guard let message = try await Self.message(path, on: connection) else { return }
        var properties = try write.properties()
        if let text = try properties.text("status") {
            guard let status = StaffMessage.Status(rawValue: text) else { throw EndpointError.refused(.invalidProperty, "status") }
            try await StaffMessageStore.setStatus(status, id: message.id, on: connection)
        }
        try properties.rejectUnread(allowingUnchanged: try await Self.json(message, on: connection))
    }

    func delete(_ path: [String], _ write: CommandrWrite, on connection: StoreConnection) async throws {
        guard let message = try await Self.message(path, on: connection) else { return }
        try await StaffMessageStore.delete(id: message.id, on: connection)
    }

    private static func message(_ path: [String], on connection: StoreConnection) async throws -> StaffMessage? {
        guard path.count == 1, path[0].hasSuffix(".cms"),
            let identity = try await ResourceIdentityStore.find(.contactMessage, moniker: String(path[0].dropLast(4)), on: connection)
        else { return nil }
        return try await StaffMessageStore.find(id: identity.id, on: connection)
    }

    private static func json(_ message: StaffMessage, on connection: StoreConnection) async throws -> JSONValue {
        var sender = JSONValue.null
        if let memberID = message.memberID, let identity = try await ResourceIdentityStore.find(.member, id: memberID, on: connection) {
            sender = ResourceReference.json(identity)
        }
        return [
            "label": .string(message.title),
            "name": .string(message.name),
            "email": .string(message.email),
            "category": .string(message.category),
            "post": .string(message.post),
            "member": sender,
            "ip": .string(message.ip),
            "add_date": PortableTime.json(message.createdAt),
            "status": .string(message.status.rawValue),
        ]
    }
}
