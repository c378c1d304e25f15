public import Auth
public import EndpointCore
import Logging
public import Messages
public import Storage

/// `content/commandr_fs`: the administrators' content filesystem over REST (reference §4.6, §5): config
/// options under `/etc`, groups and members under `/var/groups`, news under `/var/news`, contact
/// messages under `/var/contact_messages`, images and videos under `/var/media` (uploaded as the raw
/// body, a video's received as it arrives, or a multipart `data` file).
///
/// Administrators only. Unlike Composr it exposes no server files, SQL or password hashes; paths are
/// normalised and junk names refused; every write is one transaction (a failed edit changes nothing);
/// reads carry an `ETag` and answer `If-None-Match` with 304.
public struct ContentCommandrFSHook: Hook {
    private let administrators: AdministratorCheck
    private let context: CommandrContext
    private let tree: CommandrTree

    public init(administrators: AdministratorCheck, context: CommandrContext) {
        self.administrators = administrators
        self.context = context
        self.tree = CommandrTree(clock: context.clock)
    }

    /// `view` and `search` read; every other type writes.
    public func effect(of type: String?) -> OperationEffect {
        type == "view" || type == "search" ? .readsOnly : .changesState
    }

    public var parameterNames: Set<String> { ["data"] }

    public var acceptsUploads: Bool { true }

    /// A video's file (`/var/media/<name>.mp4`…) is received as it arrives.
    public func streamsUpload(to id: String?) -> Bool {
        guard let path = try? CommandrPath(id: id), let (filesystem, inner, _) = self.tree.resolve(path) else { return false }
        return filesystem.streamsFile(inner)
    }

    public func run(_ request: HookRequest) async throws -> HookResponse {
        _ = try await self.administrators.require(request.caller)
        guard let type = request.type else { throw EndpointError.refused(.noParameterSent, "type") }
        switch type {
        case "view":
            return try await self.view(try CommandrPath(id: request.id))
        case "search":
            return try await self.search(request.id ?? "")
        case "add", "edit", "delete":
            return try await self.write(type, path: try CommandrPath(id: request.id), request)
        default:
            throw EndpointError.refused(.invalidEndpointType)
        }
    }

    private func view(_ path: CommandrPath) async throws -> HookResponse {
        let data = try await self.context.database.withConnection { connection -> JSONValue in
            if let entries = try await self.entries(of: path, on: connection) { return CommandrEntry.listing(entries) }
            if let (filesystem, inner, _) = self.tree.resolve(path), let file = try await filesystem.read(inner, on: connection) { return file }
            throw Self.missing(path)
        }
        return HookResponse(data: data, isCacheable: true)
    }

    /// The entries of the folder at `path`, or nil when there is no folder there.
    private func entries(of path: CommandrPath, on connection: StoreConnection) async throws -> [CommandrEntry]? {
        if let fixed = self.tree.fixedListing(path) { return fixed }
        guard let (filesystem, inner, _) = self.tree.resolve(path) else { return nil }
        return try await filesystem.list(inner, on: connection)
    }

    /// `news/3`, `member/2`, `group/1`… or a GUID, resolved and then viewed as Composr does: a folder
    /// resource (a group, a news category, whose properties are its `_folder.cms`) answers the listing
    /// of its folder, the `_folder.cms` entry carrying its path (our addition); a file resource (a
    /// member, an article, a contact message) answers the file's properties.
    private func search(_ id: String) async throws -> HookResponse {
        let data = try await self.context.database.transaction { connection -> JSONValue? in
            try await GroupsFilesystem.assignIdentities(on: connection)
            let parts = id.split(separator: "/", omittingEmptySubsequences: false)
            let identity: ResourceIdentity?
            if parts.count == 2, let type = ResourceType(rawValue: String(parts[0])), let number = Int(parts[1]) {
                identity = try await ResourceIdentityStore.find(type, id: number, on: connection)
            } else {
                identity = try await ResourceIdentityStore.find(guid: id, on: connection)
            }
            guard let identity, let found = try await self.tree.locate(identity, on: connection), let name = found.segments.last else { return nil }
            guard name == CommandrEntry.folderProperties else {
                guard let (filesystem, inner, _) = self.tree.resolve(found) else { return nil }
                return try await filesystem.read(inner, on: connection)
            }
            guard var entries = try await self.entries(of: CommandrPath(segments: found.segments.dropLast()), on: connection) else { return nil }
            for index in entries.indices where entries[index].name == name {
                entries[index].annotation = ["path": .string(found.description)]
            }
            return CommandrEntry.listing(entries)
        }
        guard let data else { throw EndpointError.refused(.missingResource) }
        return HookResponse(data: data, isCacheable: true)
    }

    private func write(_ type: String, path: CommandrPath, _ request: HookRequest) async throws -> HookResponse {
        guard let (filesystem, inner, mount) = self.tree.resolve(path), !inner.isEmpty else {
            switch type {
            case "add": throw EndpointError.refused(.cannotCreateHere, path.inMessages)
            case "edit": throw EndpointError.refused(.cannotEditDirectory, path.inMessages)
            default: throw EndpointError.refused(.cannotDelete, path.inMessages)
            }
        }
        // A file that takes the uploaded bytes needs no `data` (the form's may carry properties);
        // anything else needs `data`, which a body that is no UTF-8 text is not.
        let takesFile = filesystem.takesFile(inner)
        if request.upload != nil, !takesFile, request.parameters.optionalPost("data") == nil { throw EndpointError.badRequest(.invalidEncoding) }
        let data = type == "delete" || takesFile ? request.parameters.optionalPost("data") ?? "" : try request.parameters.requiredPost("data")
        let write = CommandrWrite(
            data: data, upload: request.upload, uploadChunks: request.uploadChunks, actorID: request.caller.memberID, context: self.context)
        try await filesystem.prepare(inner, type: type, write)
        let written = try await self.context.database.transaction { connection -> CommandrPath in
            let isFile = try await filesystem.read(inner, on: connection) != nil
            let isDirectory = try await filesystem.list(inner, on: connection) != nil
            switch type {
            case "add":
                guard !isFile && !isDirectory else { throw EndpointError.refused(.alreadyExists, path.inMessages) }
                return CommandrPath(segments: mount + (try await filesystem.add(inner, write, on: connection)))
            case "edit" where !isFile && !isDirectory && takesFile:
                return CommandrPath(segments: mount + (try await filesystem.add(inner, write, on: connection)))
            case "edit":
                guard isFile else { throw isDirectory ? EndpointError.refused(.cannotEditDirectory, path.inMessages) : Self.missing(path) }
                try await filesystem.edit(inner, write, on: connection)
            default:
                guard isFile else { throw isDirectory ? EndpointError.refused(.cannotDelete, path.inMessages) : Self.missing(path) }
                try await filesystem.delete(inner, write, on: connection)
            }
            return path
        }
        write.committed()
        request.logger.info("commandr_fs write", metadata: ["type": "\(type)", "path": "\(written)"])
        var answer: [(key: String, value: JSONValue)] = [("message", .string(request.language.text(.success)))]
        // The path of what was made: every write of a file that takes uploads answers it, whatever the
        // method (a PUT that added an image once answered without it, a POST with it).
        if type == "add" || takesFile || written != path { answer.append(("path", .string(written.description))) }
        return HookResponse(data: .object(answer + write.answered))
    }

    private static func missing(_ path: CommandrPath) -> EndpointError {
        .refused(.missingResourceNamed, path.inMessages)
    }
}
