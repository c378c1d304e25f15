import Foundation

/// The site Composr itself made (`../shared/fixtures/composr-10.0.27`, copied under
/// `Tests/ComposrImportTests/Fixtures`): its dump kept gzipped (the repository holds no file over
/// 2 MiB) and read uncompressed from a temporary file made once per test process.
package enum ComposrFixture {
    package static let directory = TestDatabase.repositoryRoot.appendingPathComponent("Tests/ComposrImportTests/Fixtures/composr-10.0.27")

    /// The uncompressed dump.
    package static let dump: URL = {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("composr-site-\(UUID()).sql")
        let compressed = Self.directory.appendingPathComponent("composr-site.sql.gz").path
        guard FileManager.default.createFile(atPath: output.path, contents: nil), let handle = FileHandle(forWritingAtPath: output.path)
        else { fatalError("cannot write \(output.path)") }
        let gzip = Process()
        gzip.executableURL = URL(fileURLWithPath: "/bin/gzip")
        gzip.arguments = ["-dc", compressed]
        gzip.standardOutput = handle
        do { try gzip.run() } catch { fatalError("gzip: \(error)") }
        gzip.waitUntilExit()
        try? handle.close()
        guard gzip.terminationStatus == 0 else { fatalError("gzip -dc \(compressed) failed") }
        return output
    }()

    /// The dump's text.
    package static func text() throws -> String {
        try String(contentsOf: Self.dump, encoding: .utf8)
    }
}
