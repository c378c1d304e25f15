import EndpointCore
import Testing

@testable import Hooks

/// Paths of `content/commandr_fs`, normalised as Composr does and never leaving the tree.
@Suite struct CommandrPathTests {
    @Test(arguments: [
        ("", "/"), ("etc/site_name", "/etc/site_name"), ("/var//news/./x.cms", "/var/news/x.cms"),
        ("../../var/../etc/./site_name", "/etc/site_name"), ("var/groups/..", "/var"),
    ])
    func normalised(id: String, path: String) throws {
        #expect(try CommandrPath(id: id).description == path)
    }

    @Test(arguments: [".hidden", "Thumbs.db", "desktop.ini", "__MACOSX", "a\u{0}b", "a\\b", String(repeating: "x", count: 256)])
    func junkAndHiddenNamesAreRefused(name: String) {
        #expect(throws: EndpointError.badRequest(.badFileName, name)) { try CommandrPath(id: "var/news/" + name) }
    }

    /// Found by fuzzing: split by characters, `/` followed by a combining mark was no separator.
    @Test func aCombiningMarkAfterASlashStillSeparates() throws {
        #expect(try CommandrPath(id: "var/\u{036E}x/y").segments == ["var", "\u{036E}x", "y"])
        #expect(throws: EndpointError.badRequest(.badFileName, ".\u{0301}x")) { try CommandrPath(id: "var/.\u{0301}x") }
    }

    @Test func aNilIDIsTheRoot() throws {
        #expect(try CommandrPath(id: nil).isRoot)
    }
}
