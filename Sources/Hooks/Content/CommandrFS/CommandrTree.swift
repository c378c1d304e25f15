import EndpointCore
import Storage

/// The whole `content/commandr_fs` tree: the fixed directories (`/`, `/var`) and where each
/// filesystem is mounted. Nothing here reaches the server's files, raw SQL or secrets (reference
/// §5.1's `/raw`, `/root`, `/bin`, `/database` and `/members` are deliberately absent).
struct CommandrTree: Sendable {
    private let mounts: [(path: [String], hook: String, filesystem: any CommandrFilesystem)]

    init(clock: SiteClock) {
        self.mounts = [
            (["etc"], "etc", ConfigFilesystem()),
            (["var", "groups"], "groups", GroupsFilesystem()),
            (["var", "news"], "news", NewsFilesystem()),
            (["var", "contact_messages"], "contact_messages", ContactMessagesFilesystem()),
            (["var", "media"], "media", MediaFilesystem()),
            (["var", "galleries"], "galleries", GalleriesFilesystem()),
            (["var", "floki"], "floki", FlokiFilesystem(clock: clock)),
        ]
    }

    /// The filesystem holding `path`, and the path within it; nil for the fixed directories and
    /// anything outside every mount.
    func resolve(_ path: CommandrPath) -> (filesystem: any CommandrFilesystem, path: [String], mount: [String])? {
        for mount in self.mounts where path.segments.starts(with: mount.path) {
            return (mount.filesystem, path.dropping(mount.path.count), mount.path)
        }
        return nil
    }

    /// The listing of a fixed directory, or nil when `path` is not one.
    func fixedListing(_ path: CommandrPath) -> [CommandrEntry]? {
        switch path.segments {
        case []:
            let varHooks = JSONValue.object(self.mounts.filter { $0.path.first == "var" }.map { (key: $0.hook, value: .string($0.hook)) })
            return [.directory("etc", hook: "etc"), .directory("var", hook: varHooks)]
        case ["var"]:
            return self.mounts.filter { $0.path.first == "var" }.map { .directory($0.path[1], hook: .string($0.hook)) }
        default:
            return nil
        }
    }

    /// Where the resource with `identity` lives, as a full path.
    func locate(_ identity: ResourceIdentity, on connection: StoreConnection) async throws -> CommandrPath? {
        for mount in self.mounts {
            if let inner = try await mount.filesystem.locate(identity, on: connection) {
                return CommandrPath(segments: mount.path + inner)
            }
        }
        return nil
    }
}
