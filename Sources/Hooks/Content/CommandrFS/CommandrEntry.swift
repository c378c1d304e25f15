import EndpointCore

/// One entry of a directory listing: `[name, kind, size, mtime]` (reference §5.2), with a fifth
/// element for the fixed directories (the backing hook, as Composr sends it) and for the folder
/// properties a `search` found (`{"path": …}`, our addition).
struct CommandrEntry: Sendable {
    /// The file holding a folder's own properties (a group's, a news category's), as in Composr.
    static let folderProperties = "_folder.cms"

    let name: String
    let isDirectory: Bool
    var size: Int?
    var modified: Int?
    var annotation: JSONValue?

    static func directory(_ name: String, modified: Int? = nil, hook: JSONValue? = nil) -> CommandrEntry {
        CommandrEntry(name: name, isDirectory: true, size: nil, modified: modified, annotation: hook)
    }

    static func file(_ name: String, size: Int? = nil, modified: Int? = nil) -> CommandrEntry {
        CommandrEntry(name: name, isDirectory: false, size: size, modified: modified, annotation: nil)
    }

    var json: JSONValue {
        var values: [JSONValue] = [
            .string(self.name), .int(self.isDirectory ? 1 : 0),
            self.size.map(JSONValue.int) ?? .null, self.modified.map(JSONValue.int) ?? .null,
        ]
        if let annotation { values.append(annotation) }
        return .array(values)
    }

    /// A listing as Composr sends it: `[directories, files]`, each an object keyed by name in name
    /// order (`{}` when empty).
    static func listing(_ entries: [CommandrEntry]) -> JSONValue {
        func half(_ isDirectory: Bool) -> JSONValue {
            .object(entries.filter { $0.isDirectory == isDirectory }.sorted { $0.name < $1.name }.map { (key: $0.name, value: $0.json) })
        }
        return [half(true), half(false)]
    }
}
