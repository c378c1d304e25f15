import EndpointCore
import Storage

/// One part of the `content/commandr_fs` tree (`/etc`, `/var/groups`, `/var/news`,
/// `/var/contact_messages`, `/var/media`, `/var/galleries`, `/var/floki`), addressed with paths
/// relative to where it is mounted.
///
/// Every call runs on a connection the hook opened; writes run inside one transaction, so a write that
/// throws leaves everything as it was.
protocol CommandrFilesystem: Sendable {
    /// The directory's entries, or nil when `path` is not a directory.
    func list(_ path: [String], on connection: StoreConnection) async throws -> [CommandrEntry]?
    /// The file's content, or nil when `path` is not a file.
    func read(_ path: [String], on connection: StoreConnection) async throws -> JSONValue?
    /// Creates a file at `path` (which does not exist); returns the path actually created, which may
    /// differ (resource files are named after their label).
    func add(_ path: [String], _ write: CommandrWrite, on connection: StoreConnection) async throws -> [String]
    /// Changes the file at `path` (which exists).
    func edit(_ path: [String], _ write: CommandrWrite, on connection: StoreConnection) async throws
    /// Removes the file at `path` (which exists).
    func delete(_ path: [String], _ write: CommandrWrite, on connection: StoreConnection) async throws
    /// Where the resource with `identity` lives, or nil when this filesystem does not hold it.
    func locate(_ identity: ResourceIdentity, on connection: StoreConnection) async throws -> [String]?
    /// Work a write of `type` to `path` needs done before its transaction opens (checking an upload,
    /// which takes long enough that no transaction should wait on it).
    func prepare(_ path: [String], type: String, _ write: CommandrWrite) async throws
    /// Whether `path` is a file whose content is the uploaded bytes (an image) rather than `data`: it
    /// needs no `data`, and an edit creates it when it does not exist (a REST `PUT` of a new image).
    func takesFile(_ path: [String]) -> Bool
    /// Whether `path` is a file whose uploaded bytes are received as they arrive, never whole in
    /// memory (a video); the write then carries ``CommandrWrite/uploadChunks`` for a REST body.
    func streamsFile(_ path: [String]) -> Bool
}

extension CommandrFilesystem {
    func locate(_ identity: ResourceIdentity, on connection: StoreConnection) async throws -> [String]? { nil }
    func prepare(_ path: [String], type: String, _ write: CommandrWrite) async throws {}
    func takesFile(_ path: [String]) -> Bool { false }
    func streamsFile(_ path: [String]) -> Bool { false }
}
