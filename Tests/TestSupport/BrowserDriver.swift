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

    /// What `console_steps.py` saw walking through the console.
    package struct Walk: Decodable {
        /// An accessibility problem axe-core found.
        package struct Violation: Decodable, CustomStringConvertible {
            package let id: String
            package let impact: String?
            package let help: String?
            package let nodes: [[String]]?
            package var description: String { "\(self.impact ?? "?") \(self.id): \(self.help ?? "") at \(self.nodes ?? [])" }
        }

        package let texts: [String: String?]
        package let html: [String: String?]
        /// Serious and critical violations, by the step's key.
        package let axe: [String: [Violation]]
        package let consoleErrors: [String]
        package let url: String?

        enum CodingKeys: String, CodingKey {
            case texts, html, axe, consoleErrors = "console_errors", url
        }

        package func text(_ key: String) -> String? { self.texts[key] ?? nil }
        package func html(_ key: String) -> String? { self.html[key] ?? nil }
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

    /// Walks `steps` (see `Tests/browser/console_steps.py`) through the site at `base` in a window of
    /// `width` × `height`, running axe-core (from the Python test tools) where a step asks, and saving
    /// screenshots in `screenshots` when given.
    package static func walk(
        base: String, width: Int = 390, height: Int = 844, screenshots: URL? = nil, steps: [[String: Any]]
    ) async throws -> Walk {
        let plan: [String: Any] = [
            "base": base, "width": width, "height": height, "axe": try Self.axeScript() ?? NSNull(),
            "screenshots": screenshots?.path ?? NSNull(), "steps": steps,
        ]
        let input = try JSONSerialization.data(withJSONObject: plan)
        return try JSONDecoder().decode(Walk.self, from: try await self.run([consoleScript], languages: nil, input: input))
    }

    /// axe-core's script, as the pinned `axe-selenium-python` package ships it; nil without the
    /// Python tools (under CI they are there, and a missing script fails).
    static func axeScript() throws -> String? {
        guard let python = PythonTools.python else {
            if ProcessInfo.processInfo.environment["CI"] != nil { throw TestFailure("the Python test tools (axe-core) are missing") }
            return nil
        }
        let library = python.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("lib")
        for version in (try? FileManager.default.contentsOfDirectory(atPath: library.path)) ?? [] {
            let script = library.appendingPathComponent(version).appendingPathComponent("site-packages/axe_selenium_python/node_modules/axe-core/axe.min.js")
            if FileManager.default.fileExists(atPath: script.path) { return script.path }
        }
        throw TestFailure("axe-core is not in the Python test tools; run scripts/python-tools.sh")
    }

    /// Whether axe-core runs in the walks.
    package static var hasAxe: Bool { ((try? Self.axeScript()) ?? nil) != nil }

    package static let consoleScript = TestDatabase.repositoryRoot.appendingPathComponent("Tests/browser/console_steps.py").path

    /// Opens `url` and reports what the page shows.
    package static func read(_ url: String) async throws -> Reading {
        try JSONDecoder().decode(Reading.self, from: try await self.run([readingScript, url], languages: nil))
    }

    /// What an article page's `<video>` reached (`Tests/browser/play_video.py`).
    package struct Playing: Decodable {
        package let readyState: Int
        package let currentSrc: String
        package let videoWidth: Int
        package let videoHeight: Int
        package let shownWidth: Double
        package let widthFits: Bool
        package let consoleErrors: [String]

        enum CodingKeys: String, CodingKey {
            case readyState = "ready_state", currentSrc = "current_src", videoWidth = "video_width", videoHeight = "video_height"
            case shownWidth = "shown_width", widthFits = "width_fits", consoleErrors = "console_errors"
        }
    }

    /// Opens the article page at `url` in a window `width` pixels wide and waits (60 s at most) until
    /// its video can play.
    package static func playVideo(_ url: String, width: Int) async throws -> Playing {
        let script = TestDatabase.repositoryRoot.appendingPathComponent("Tests/browser/play_video.py").path
        return try JSONDecoder().decode(Playing.self, from: try await self.run([script, url, String(width)], languages: nil))
    }

    /// Runs a browser script with `arguments` and returns what it printed.
    private static func run(_ arguments: [String], languages: String?, input: Data? = nil) async throws -> Data {
        let process = Process()
        if let languages { process.environment = ProcessInfo.processInfo.environment.merging(["BROWSER_LANGUAGES": languages]) { $1 } }
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        let standardInput = Pipe()
        process.standardInput = standardInput
        let finished = AsyncStream<Void>.makeStream()
        process.terminationHandler = { _ in finished.continuation.finish() }
        try process.run()
        standardInput.fileHandleForWriting.write(input ?? Data())
        try standardInput.fileHandleForWriting.close()
        let watchdog = Task {
            try await Task.sleep(for: .seconds(180))
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
