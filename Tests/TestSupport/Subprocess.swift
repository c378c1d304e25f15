import Foundation

/// Runs a program to completion for a test (the `endpoint` binary, `openssl`), capturing what it
/// prints on standard output and standard error.
package enum Subprocess {
    package static func run(_ executable: URL, _ arguments: [String], currentDirectory: URL? = nil, environment: [String: String]? = nil) throws -> (
        status: Int32, output: String, errors: String
    ) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        if let environment { process.environment = environment }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Standard error is read on another thread so that neither pipe can fill up and stall the child.
        let errorText = ErrorText()
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            errorText.value = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            done.signal()
        }
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        done.wait()
        return (process.terminationStatus, String(decoding: printed, as: UTF8.self), errorText.value)
    }

    /// ``run(_:_:currentDirectory:environment:)`` on a thread of its own: waiting for a program that
    /// talks to a server of this process must not hold one of the few threads that server runs on.
    package static func runInBackground(_ executable: URL, _ arguments: [String]) async throws -> (status: Int32, output: String, errors: String) {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(with: Result { try Self.run(executable, arguments) }) }
        }
    }

    /// `openssl` with `arguments`; its output, or a failure when it did not succeed.
    package static func openssl(_ arguments: [String]) throws -> String {
        let result = try self.run(URL(fileURLWithPath: "/usr/bin/openssl"), arguments)
        guard result.status == 0 else { throw TestFailure("openssl \(arguments.first ?? "") failed") }
        return result.output
    }
}

/// Standard error as read on another thread; read back only after that thread signalled it is done.
private final class ErrorText: @unchecked Sendable {
    var value = ""
}
