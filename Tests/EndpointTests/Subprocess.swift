import Foundation

/// Runs a program to completion for a test (the `endpoint` binary, `openssl`), capturing what it
/// prints on standard output; standard error is discarded.
enum Subprocess {
    static func run(_ executable: URL, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: printed, as: UTF8.self))
    }

    /// `openssl` with `arguments`; its output, or a failure when it did not succeed.
    static func openssl(_ arguments: [String]) throws -> String {
        let result = try self.run(URL(fileURLWithPath: "/usr/bin/openssl"), arguments)
        guard result.status == 0 else { throw TestFailure("openssl \(arguments.first ?? "") failed") }
        return result.output
    }
}
