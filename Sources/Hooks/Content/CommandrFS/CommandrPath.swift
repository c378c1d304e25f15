package import EndpointCore
import Messages

/// A path in the `content/commandr_fs` virtual filesystem, normalised as Composr does (reference
/// §4.6): `.` and empty segments dropped, `..` going up but never above the root.
///
/// Names with control characters, a leading dot, or the junk files operating systems leave behind
/// are refused, so no request can reach outside the filesystem or create hidden entries.
package struct CommandrPath: Sendable, Equatable, CustomStringConvertible {
    package let segments: [String]

    init(segments: [String]) {
        self.segments = segments
    }

    /// The path named by the `id` parameter (nil is the root).
    package init(id: String?) throws(EndpointError) {
        var segments: [String] = []
        // Split on the byte, not on characters: "/" followed by a combining mark is one character, which
        // let a slash hide inside a name and a name start with a dot unseen (found by fuzzing).
        for bytes in (id ?? "").utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true) {
            let segment = String(decoding: bytes, as: UTF8.self)
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
        name.utf8.first != UInt8(ascii: ".")
            && name.utf8.count <= 255
            && !Self.junkNames.contains(name.lowercased())
            && !name.unicodeScalars.contains { $0.properties.generalCategory == .control || $0.properties.generalCategory == .format }
            && !name.contains("\\")
    }

    package var description: String { "/" + self.segments.joined(separator: "/") }

    /// The path as Composr names it in messages, without the leading slash (`var/groups/x.cms`), which
    /// admin scripts match.
    var inMessages: String { self.segments.joined(separator: "/") }

    var isRoot: Bool { self.segments.isEmpty }

    /// The path below the first `count` segments.
    func dropping(_ count: Int) -> [String] { Array(self.segments.dropFirst(count)) }

    func appending(_ names: String...) -> CommandrPath { CommandrPath(segments: self.segments + names) }
}
