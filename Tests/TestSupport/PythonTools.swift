import Foundation

/// The pinned Python test tools (`scripts/python-tools.sh`: prometheus-client, openapi-spec-validator,
/// schemathesis) and the scripts under `Tests/` that use them.
package enum PythonTools {
    /// The tools' Python, from `ENDPOINT_TEST_PYTHON`.
    package static var python: URL? {
        ProcessInfo.processInfo.environment["ENDPOINT_TEST_PYTHON"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
    }

    /// Whether tests needing the tools run: when they are installed, and always under CI (where a
    /// missing tool must fail, not skip).
    package static var enabled: Bool {
        self.python != nil || ProcessInfo.processInfo.environment["CI"] != nil
    }

    /// Runs the command-line `tool` installed with them (`schemathesis`, `openapi-spec-validator`) in
    /// `folder` (where a tool may leave files, such as schemathesis's cache: never the repository).
    package static func tool(_ tool: String, _ arguments: [String], in folder: URL) throws -> (status: Int32, output: String, errors: String) {
        guard let python = self.python else { throw TestFailure("ENDPOINT_TEST_PYTHON is not set; scripts/python-tools.sh installs the tools.") }
        return try Subprocess.run(python.deletingLastPathComponent().appendingPathComponent(tool), arguments, currentDirectory: folder)
    }

    /// Runs `script` (a path under `Tests/`) with `arguments`.
    package static func run(_ script: String, _ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
        guard let python = self.python else { throw TestFailure("ENDPOINT_TEST_PYTHON is not set; scripts/python-tools.sh installs the tools.") }
        return try Subprocess.run(python, [Self.path(of: script)] + arguments)
    }

    /// Runs `script` with `arguments` without holding a thread of the server it talks to.
    package static func runInBackground(_ script: String, _ arguments: [String]) async throws -> (status: Int32, output: String, errors: String) {
        guard let python = self.python else { throw TestFailure("ENDPOINT_TEST_PYTHON is not set; scripts/python-tools.sh installs the tools.") }
        return try await Subprocess.runInBackground(python, [Self.path(of: script)] + arguments)
    }

    private static func path(of script: String) -> String {
        TestDatabase.repositoryRoot.appendingPathComponent("Tests").appendingPathComponent(script).path
    }
}
