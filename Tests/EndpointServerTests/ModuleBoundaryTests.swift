import Foundation
import TestSupport
import Testing

/// Storage stays in SiteStore: no other module imports a database library, so SQL cannot grow
/// anywhere else (the callers hold `StoreConnection`s, which show no SQL).
@Suite struct ModuleBoundaryTests {
    static let databaseLibraries = ["SQLKit", "SQLiteKit", "SQLiteNIO", "PostgresKit", "PostgresNIO"]

    @Test func onlySiteStoreImportsADatabaseLibrary() throws {
        let sources = TestDatabase.repositoryRoot.appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        var offenders: [String] = []
        var checked = 0
        for case let file as URL in files where file.pathExtension == "swift" {
            let path = file.path.replacingOccurrences(of: sources.path + "/", with: "")
            guard !path.hasPrefix("SiteStore/") else { continue }
            checked += 1
            for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
                let words = line.split(separator: " ")
                guard let at = words.firstIndex(of: "import"), words.indices.contains(at + 1) else { continue }
                if Self.databaseLibraries.contains(String(words[at + 1])) { offenders.append("\(path): \(line)") }
            }
        }
        #expect(checked > 100, "the sources were found")
        #expect(offenders == [], "storage belongs in SiteStore")
    }
}
