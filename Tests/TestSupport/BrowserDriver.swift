import Foundation

/// Drives Debian's headless Chromium through the scripts in `Tests/browser/` (Selenium):
/// `submit_form.py` opens a page, fills fields, submits, and reports what the resulting page says;
/// `read_page.py` reports what a page shows.
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

    /// What a page shows: `read_page.py`'s report.
    package struct Reading: Decodable {
        package let heading: String
        package let title: String
        package let lang: String
        /// How many `<script>` elements the document has.
        package let scripts: Int
        /// `<meta>` contents by `property` or `name`.
        package let meta: [String: String]
        package let body: String?
        package let consoleErrors: [String]
        /// Whether the page fits the phone-sized window without scrolling sideways.
        package let widthFits: Bool

        enum CodingKeys: String, CodingKey {
            case heading, title, lang, scripts, meta, body, consoleErrors = "console_errors", widthFits = "width_fits"
        }
    }

    package static let script = TestDatabase.repositoryRoot.appendingPathComponent("Tests/browser/submit_form.py").path
    package static let readingScript = TestDatabase.repositoryRoot.appendingPathComponent("Tests/browser/read_page.py").path

    /// Whether Chromium, its driver and Selenium are installed. Under CI they must be (`.ci/run`
    /// installs them), so the browser test can never be skipped silently there.
    package static var isEnabled: Bool {
        let installed =
            ["/usr/bin/chromium", "/usr/bin/chromedriver", "/usr/bin/python3"].allSatisfy(FileManager.default.isExecutableFile(atPath:))
            && FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/selenium")
        return installed || ProcessInfo.processInfo.environment["CI"] != nil
    }

    /// Opens `url` in a browser asking for `languages` (an `Accept-Language` list such as "de-DE,de";
    /// the browser's default when nil), fills `fields` and submits.
    package static func submit(_ url: String, fields: [(id: String, value: String)] = [], languages: String? = nil) async throws -> Outcome {
        try JSONDecoder().decode(Outcome.self, from: try await self.run([script, url] + fields.map { "\($0.id)=\($0.value)" }, languages: languages))
    }

    /// Opens `url` and reports what the page shows.
    package static func read(_ url: String) async throws -> Reading {
        try JSONDecoder().decode(Reading.self, from: try await self.run([readingScript, url], languages: nil))
    }

    /// Runs a browser script with `arguments` and returns what it printed.
    private static func run(_ arguments: [String], languages: String?) async throws -> Data {
        let process = Process()
        if let languages { process.environment = ProcessInfo.processInfo.environment.merging(["BROWSER_LANGUAGES": languages]) { $1 } }
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = arguments
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
        return printed
    }
}
