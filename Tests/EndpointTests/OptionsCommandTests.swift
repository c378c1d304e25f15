import Foundation
import TestSupport
import Testing

/// `docs/configuration.md` is what `endpoint options` prints from the declarations: an option declared,
/// changed or removed without the page following fails here (regenerate the table below the page's
/// marker with `swift run endpoint options`).
@Suite struct OptionsCommandTests {
    @Test func theConfigurationPageIsTheDeclarations() throws {
        let printed = try Subprocess.run(EndpointProcess.executable, ["options"])
        #expect(printed.status == 0)
        #expect(printed.output.contains("| `push_max_attempts` | 1 to 1000 | `10` | at the next start |"), "\(printed.output)")
        let page = try String(contentsOf: TestDatabase.repositoryRoot.appendingPathComponent("docs/configuration.md"), encoding: .utf8)
        let marker = "<!-- generated: swift run endpoint options -->\n"
        let table = try #require(page.range(of: marker).map { String(page[$0.upperBound...]) }, "the page has the marker")
        #expect(table == printed.output, "docs/configuration.md is out of date: regenerate it with `swift run endpoint options`")
    }

    /// Every flag `endpoint serve` takes is one the page documents, and every documented flag is taken.
    @Test func everyFlagServeTakesIsDeclared() throws {
        let help = try Subprocess.run(EndpointProcess.executable, ["serve", "--help"]).output
        let documented = try Subprocess.run(EndpointProcess.executable, ["options"]).output
        func flags(_ text: String, after prefix: String) throws -> Set<String> {
            Set(text.matches(of: try Regex("\(prefix)--([a-z][a-z-]*)")).compactMap { $0.output[1].substring.map(String.init) })
        }
        let taken = try flags(help, after: "(?:^|\\s|/)").subtracting(["help", "no-migrate"])
        #expect(taken.count > 20)
        #expect(try taken == flags(documented, after: "\\| `"), "serve --help against docs/configuration.md")
    }
}
