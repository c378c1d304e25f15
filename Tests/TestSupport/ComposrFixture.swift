import Foundation
import Glibc

/// The site Composr itself made (`../shared/fixtures/composr-10.0.27`, copied under
/// `Tests/ComposrImportTests/Fixtures`): its dump kept gzipped (the repository holds no file over
/// 2 MiB) and read uncompressed from a temporary file.
package enum ComposrFixture {
    package static let directory = TestDatabase.repositoryRoot.appendingPathComponent("Tests/ComposrImportTests/Fixtures/composr-10.0.27")

    /// The uncompressed dump: one file in the temporary folder, which each test process writes under a
    /// name of its own and renames into place (the same bytes each time; nothing is left behind).
    package static let dump: URL = {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("composr-10.0.27-site.sql")
        let compressed = Self.directory.appendingPathComponent("composr-site.sql.gz").path
        let written = FileManager.default.temporaryDirectory.appendingPathComponent("composr-site-\(UUID()).sql")
        guard FileManager.default.createFile(atPath: written.path, contents: nil), let handle = FileHandle(forWritingAtPath: written.path)
        else { fatalError("cannot write \(written.path)") }
        let gzip = Process()
        gzip.executableURL = URL(fileURLWithPath: "/bin/gzip")
        gzip.arguments = ["-dc", compressed]
        gzip.standardOutput = handle
        do { try gzip.run() } catch { fatalError("gzip: \(error)") }
        gzip.waitUntilExit()
        try? handle.close()
        guard gzip.terminationStatus == 0 else { fatalError("gzip -dc \(compressed) failed") }
        guard rename(written.path, output.path) == 0 else { fatalError("cannot move \(written.path) to \(output.path)") }
        return output
    }()

    /// The dump's text.
    package static func text() throws -> String {
        try String(contentsOf: Self.dump, encoding: .utf8)
    }
}
