import Foundation
import TestSupport
import Testing

/// Upstream's own test suite, run on the vendored cmark-gfm (`Sources/CCmarkGFM/VENDORED.md`) as
/// upstream's CMake runs it: the CommonMark spec, GitHub's extensions, smart punctuation and the
/// regressions through upstream's `cmark-gfm` command built from the same sources as the server's
/// library, and the pathological inputs (each within upstream's own time limit), which Debian's
/// 0.29.0.gfm.6 fails.
@Suite struct CmarkGFMUpstreamTests {
    /// The release's test folder in this checkout.
    static let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/CCmarkGFM/cmark-gfm/test")
    /// Upstream's command, built beside the test bundle.
    static let program = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("cmark-gfm").path

    static let suites: [(script: String, arguments: [String])] = [
        ("spec_tests.py", ["--no-normalize", "--spec", "spec.txt", "--program", program]),
        ("spec_tests.py", ["--no-normalize", "--spec", "smart_punct.txt", "--program", program + " --smart"]),
        (
            "spec_tests.py",
            ["--no-normalize", "--spec", "extensions.txt", "--program", program, "--extensions", "table strikethrough autolink tagfilter footnotes tasklist"]
        ),
        ("spec_tests.py", ["--no-normalize", "--spec", "regression.txt", "--program", program]),
        ("roundtrip_tests.py", ["--spec", "spec.txt", "--program", program]),
        ("entity_tests.py", ["--program", program]),
        ("pathological_tests.py", ["--program", program]),
    ]

    @Test(arguments: Self.suites.indices)
    func upstreamSuitePasses(index: Int) throws {
        let (script, arguments) = Self.suites[index]
        let result = try Subprocess.run(
            URL(fileURLWithPath: "/usr/bin/python3"), [Self.tests.appendingPathComponent(script).path] + arguments, currentDirectory: Self.tests)
        #expect(result.status == 0, "\(script) \(arguments.joined(separator: " ")): \(result.output.suffix(2_000)) \(result.errors.suffix(2_000))")
        // Each script ends by counting what passed; none failed, errored or ran out of time.
        #expect(result.output.contains(" passed, "))
        #expect(!result.output.contains("[FAILED") && !result.output.contains("[ERRORED") && !result.output.contains("[TIMED OUT]"))
    }
}
