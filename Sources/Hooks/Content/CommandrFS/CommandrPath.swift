import EndpointCore
import Messages

/// A path in the `content/commandr_fs` virtual filesystem, normalised as Composr does (reference
/// §4.6): `.` and empty segments dropped, `..` going up but never above the root.
///
/// Names with control characters, a leading dot, or the junk files operating systems leave behind
/// are refused, so no request can reach outside the filesystem or create hidden entries.
struct CommandrPath: Sendable, Equatable, CustomStringConvertible {
    let segments: [String]

    init(segments: [String]) {
        self.segments = segments
    }

    /// The path named by the `id` parameter (nil is the root).
    init(id: String?) throws(EndpointError) {
        var segments: [String] = []
        for segment in (id ?? "").split(separator: "/", omittingEmptySubsequences: true).map(String.init) {
            switch segment {
            case ".":
                continue
            case "..":
                _ = segments.popLast()
            default:
                guard Self.isAcceptable(segment) else { throw .badRequest(.badFileName, segment) }
                segments.append(segment)
            }
        }
        self.segments = segments
    }

    static let junkNames: Set<String> = ["thumbs.db", "desktop.ini", "__macosx", ".ds_store"]

    private static func isAcceptable(_ name: String) -> Bool {
        !name.hasPrefix(".")
            && name.utf8.count <= 255
            && !Self.junkNames.contains(name.lowercased())
            && !name.unicodeScalars.contains { $0.properties.generalCategory == .control || $0.properties.generalCategory == .format }
            && !name.contains("\\")
    }

    var description: String { "/" + self.segments.joined(separator: "/") }

    /// The path as Composr names it in messages, without the leading slash (`var/groups/x.cms`), which
    /// admin scripts match.
    var inMessages: String { self.segments.joined(separator: "/") }

    var isRoot: Bool { self.segments.isEmpty }

    /// The path below the first `count` segments.
    func dropping(_ count: Int) -> [String] { Array(self.segments.dropFirst(count)) }

    func appending(_ names: String...) -> CommandrPath { CommandrPath(segments: self.segments + names) }
}
