import Foundation

/// Drives Debian's headless Chromium through `Tests/browser/submit_form.py` (Selenium): opens a page,
/// fills fields, submits, and reports what the resulting page says.
package enum BrowserDriver {
    /// What the page shown after submitting says.
    package struct Outcome: Decodable {
        package let title: String
        package let notice: String?
        package let error: String?
    }

    package static let script = TestDatabase.repositoryRoot.appendingPathComponent("Tests/browser/submit_form.py").path

    /// Whether Chromium, its driver and Selenium are installed. Under CI they must be (`.ci/run`
    /// installs them), so the browser test can never be skipped silently there.
    package static var isEnabled: Bool {
        let installed = ["/usr/bin/chromium", "/usr/bin/chromedriver", "/usr/bin/python3"].allSatisfy(FileManager.default.isExecutableFile(atPath:))
            && FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/selenium")
        return installed || ProcessInfo.processInfo.environment["CI"] != nil
    }

    package static func submit(_ url: String, fields: [(id: String, value: String)] = []) async throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [script, url] + fields.map { "\($0.id)=\($0.value)" }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        let finished = AsyncStream<Void>.makeStream()
        process.terminationHandler = { _ in finished.continuation.finish() }
        try process.run()
        let watchdog = Task {
            try await Task.sleep(for: .seconds(60))
            process.terminate()
        }
        for await _ in finished.stream {}
        watchdog.cancel()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        guard process.terminationStatus == 0 else {
            let problem = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            throw TestFailure("browser script failed (\(process.terminationStatus)): \(problem.suffix(2000))")
        }
        return try JSONDecoder().decode(Outcome.self, from: printed)
    }
}
