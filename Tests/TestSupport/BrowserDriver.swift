import Foundation

/// Drives Debian's headless Chromium through `Tests/browser/submit_form.py` (Selenium): opens a page,
/// fills fields, submits, and reports what the resulting page says.
package enum BrowserDriver {
    /// What the page shown after submitting says.
    package struct Outcome: Decodable {
        /// The heading and `<html lang>` of the page the URL opened, before submitting.
        package let formTitle: String
        package let formLanguage: String
        /// The same of the page shown after submitting.
        package let language: String
        package let title: String
        package let notice: String?
        package let error: String?

        enum CodingKeys: String, CodingKey {
            case formTitle = "form_title", formLanguage = "form_lang", language = "lang", title, notice, error
        }
    }

    package static let script = TestDatabase.repositoryRoot.appendingPathComponent("Tests/browser/submit_form.py").path

    /// Whether Chromium, its driver and Selenium are installed. Under CI they must be (`.ci/run`
    /// installs them), so the browser test can never be skipped silently there.
    package static var isEnabled: Bool {
        let installed = ["/usr/bin/chromium", "/usr/bin/chromedriver", "/usr/bin/python3"].allSatisfy(FileManager.default.isExecutableFile(atPath:))
            && FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/selenium")
        return installed || ProcessInfo.processInfo.environment["CI"] != nil
    }

    /// Opens `url` in a browser asking for `languages` (an `Accept-Language` list such as "de-DE,de";
    /// the browser's default when nil), fills `fields` and submits.
    package static func submit(_ url: String, fields: [(id: String, value: String)] = [], languages: String? = nil) async throws -> Outcome {
        let process = Process()
        if let languages { process.environment = ProcessInfo.processInfo.environment.merging(["BROWSER_LANGUAGES": languages]) { $1 } }
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
