import Foundation
import Glibc
import Testing

@testable import RichText

/// The third security review's attacks on the renderers (S-1, S-2, S-10), each as the review made it:
/// a 23 KB table asking cmark-gfm for millions of cells, HTML whose tags gumbo nests 400,000 deep while
/// the old count saw none, and addresses that read as another site's.
@Suite struct UntrustedMarkupTests {
    /// A thousand-column header and 9,500 short lines (23 KB): 9.5 million cells once every row is
    /// filled to the header's width.
    static let wideTable =
        "|" + String(repeating: "a|", count: 1_000) + "\n|" + String(repeating: "-|", count: 1_000) + "\n"
        + String(repeating: "x\n", count: 9_500)

    @Test func aTableOfMillionsOfCellsIsRefusedBeforeItIsParsed() throws {
        #expect(Self.wideTable.utf8.count > 20_000)
        #expect(throws: TextRefused.tooManyTableCells(maximum: MarkdownTables.maximumCells)) { try RichTextFixtures.markdown(Self.wideTable) }
        // Inside a quote or a list, and with a hundred columns, the same.
        let quoted = Self.wideTable.split(separator: "\n").map { "> " + $0 }.joined(separator: "\n")
        #expect(throws: TextRefused.tooManyTableCells(maximum: MarkdownTables.maximumCells)) { try RichTextFixtures.markdown(quoted) }
        let listed = "- " + Self.wideTable.split(separator: "\n").joined(separator: "\n  ")
        #expect(throws: TextRefused.tooManyTableCells(maximum: MarkdownTables.maximumCells)) { try RichTextFixtures.markdown(listed) }
        let hundred = "|" + String(repeating: "a|", count: 100) + "\n" + String(repeating: "|:-:", count: 100) + "|\n" + String(repeating: "x\n", count: 11_000)
        #expect(throws: TextRefused.tooManyTableCells(maximum: MarkdownTables.maximumCells)) { try RichTextFixtures.markdown(hundred) }
    }

    @Test func anArticlesTablesStillRender() throws {
        let rows = (1...1_000).map { "| \($0) | \($0 * 2) | three | four | five |" }.joined(separator: "\n")
        let table = "| a | b | c | d | e |\n|---|--:|:-:|---|---|\n" + rows + "\n\nAfter.\n\n| x |\n|---|\n| y |\n"
        let html = try RichTextFixtures.markdown(table).html
        #expect(html.components(separatedBy: "<tr>").count - 1 == 1_003)
        #expect(html.contains("<p>After.</p>"))
    }

    @Test func theCellBoundCountsEveryRowUpToABlankLine() {
        func bound(_ text: String) -> Int {
            var text = text
            return text.withUTF8 { MarkdownTables.cellBound($0) }
        }
        #expect(bound("| a | b |\n|---|---|\n| 1 | 2 |\n| 3 | 4 |\n\nNot a row.\n") == 8)
        #expect(bound("No table | here\n---\n") == 2, "a setext heading under a line with a pipe is counted as if it were one")
        #expect(bound("Plain text.\n\n- a list\n") == 0)
        #expect(bound("> | a |\n> |---|\n> | 1 |") == 3)
    }

    /// `<x</>` opens an element `x<` that `</>` never closes: 400,000 deep for gumbo, whose recursive
    /// free crashed the server. The depth is counted as the tokenizer reads tags.
    @Test func tagsThatNeverCloseAreCountedAsTheParserNestsThem() {
        func depth(_ html: String) -> Int { Array(html.utf8).withUnsafeBufferPointer { HTMLAllowlist.sourceDepth($0) } }
        #expect(depth(String(repeating: "<x</>", count: 1_000)) > HTMLAllowlist.maximumSourceDepth)
        #expect(depth(String(repeating: "<b></i>", count: 1_000)) > HTMLAllowlist.maximumSourceDepth, "an end tag of no open element closes nothing")
        #expect(depth(String(repeating: "<div/>", count: 1_000)) > HTMLAllowlist.maximumSourceDepth, "/> closes no element that is not void")
        #expect(depth("<ul>" + String(repeating: "<li>item", count: 2_000) + "</ul>") == 2, "an item ends the one before it")
        #expect(depth(String(repeating: "<p>a</p>", count: 2_000)) == 1)
        #expect(depth(String(repeating: "<br><img src=x>", count: 2_000)) == 0)
        #expect(depth("<div><span></div>") == 2)
    }

    @Test func theReviewsCrashingBodyIsRefusedWithItsSentence() throws {
        // `[semihtml]`'s content is HTML (as the review's `[html]` was), 950 KB of it: within the body's limit.
        let body = "[semihtml]" + String(repeating: "<x</>", count: 190_000) + "[/semihtml]"
        #expect(throws: TextRefused.tooDeep(maximum: HTMLAllowlist.maximumSourceDepth)) { try RichTextFixtures.comcode(body) }
        #expect(throws: TextRefused.tooDeep(maximum: HTMLAllowlist.maximumSourceDepth)) {
            try HTMLAllowlist(publicURL: "").sanitize(String(repeating: "<b></i>", count: 100_000))
        }
    }

    /// `PUBLIC_URL//evil.example/…` is this site's path, not `//evil.example/…`; `javascript:` is no
    /// image.
    @Test func anAddressOnThePublicURLNeverBecomesAnotherSites() throws {
        let allowlist = HTMLAllowlist(publicURL: "https://news.example")
        #expect(allowlist.link("https://news.example//evil.example/x")?.url == "https://news.example//evil.example/x")
        #expect(allowlist.link("https://news.example//evil.example/x")?.external == true)
        #expect(allowlist.imageSource("https://news.example//evil.example/x.png") == "https://news.example//evil.example/x.png")
        #expect(allowlist.link("https://news.example/news/3")?.url == "/news/3")
        #expect(allowlist.imageSource("javascript:alert(1)") == nil && allowlist.imageSource(" //evil.example/x.png") == nil)
        let html = try RichTextFixtures.markdown("[x](https://news.example//evil.example/) ![y](https://news.example//evil.example/y.png)").html
        #expect(!html.contains("\"//evil.example"), "\(html)")
    }
}

/// The children untrusted text is rendered in (``RenderProcesses``), with stand-in programs that say
/// they are ready as the real one does (byte 1): a child that never says so is killed at its startup
/// limit, one that never answers at its time limit, one that dies mid-request costs that request, and
/// the next request gets a fresh child.
@Suite struct RenderProcessesTests {
    static let shell = "/bin/sh"

    /// A stand-in child: says it is ready, then runs `command`.
    static func child(_ command: String) -> [String] { ["-c", "printf '\\001'; " + command] }

    static func limits(children: Int = 1, time: Duration = .seconds(5), answersPerChild: Int = 10, startup: Duration = .seconds(30))
        -> RenderProcesses.Limits
    {
        .init(
            children: children, time: time, memoryBytes: 1 << 30, requestBytes: 1 << 20, answerBytes: 1 << 20, answersPerChild: answersPerChild,
            startup: startup)
    }

    /// A child answering each 8-byte-headed request with the same bytes (what `cat` does).
    static func echo(time: Duration = .seconds(5)) -> RenderProcesses {
        RenderProcesses(
            program: Self.shell, arguments: Self.child("exec cat"), limits: Self.limits(children: 2, time: time, answersPerChild: 3))
    }

    @Test func childrenAnswerAndAreReplacedAfterTheirShare() async throws {
        let processes = Self.echo()
        for index in 0..<7 {
            let request = Array("request \(index)".utf8)
            #expect(try await processes.answer(request) == request)
        }
        #expect(processes.childrenStarted == 3, "three answers a child: 7 answers took three children")
        await #expect(throws: TextRefused.tooLong(maximum: 1 << 20)) { try await processes.answer([UInt8](repeating: 0, count: (1 << 20) + 1)) }
    }

    @Test func aChildThatNeverAnswersIsKilledAtItsTimeLimit() async throws {
        let processes = RenderProcesses(program: Self.shell, arguments: Self.child("exec sleep 60"), limits: Self.limits(time: .milliseconds(300)))
        let start = ContinuousClock.now
        await #expect(throws: TextRefused.failed) { try await processes.answer(Array("hello".utf8)) }
        #expect(ContinuousClock.now - start < .seconds(30))
        #expect(try Self.livingChildren(named: "sleep 60").isEmpty, "the child was killed and reaped")
    }

    /// Starting is not answering: a child gets its startup time to say it is ready, however short
    /// the time of an answer, and one that never says so is killed there.
    @Test func aChildIsGivenItsStartupTimeBeforeItsAnswerTime() async throws {
        let slow = RenderProcesses(
            program: Self.shell, arguments: ["-c", "sleep 0.6; printf '\\001'; exec cat"], limits: Self.limits(time: .milliseconds(300)))
        #expect(try await slow.answer(Array("late".utf8)) == Array("late".utf8))
        let silent = RenderProcesses(
            program: Self.shell, arguments: ["-c", "exec sleep 61"], limits: Self.limits(time: .seconds(5), startup: .milliseconds(300)))
        let start = ContinuousClock.now
        await #expect(throws: TextRefused.failed) { try await silent.answer(Array("hello".utf8)) }
        #expect(ContinuousClock.now - start < .seconds(5), "refused at its startup limit, not its answer's")
        #expect(try Self.livingChildren(named: "sleep 61").isEmpty, "the child was killed and reaped")
    }

    @Test func aChildKilledMidRequestCostsThatRequestOnly() async throws {
        // Reads a request, then dies by SIGKILL (as the kernel's OOM killer or an operator would).
        let dying = RenderProcesses(
            program: Self.shell, arguments: Self.child("head -c 9 >/dev/null; kill -9 $$"), limits: Self.limits())
        await #expect(throws: TextRefused.failed) { try await dying.answer(Array("x".utf8)) }
        await #expect(throws: TextRefused.failed) { try await dying.answer(Array("y".utf8)) }
        #expect(dying.childrenStarted == 2, "each request had a child of its own")
        // A child that died while idle is replaced for the request that finds it dead.
        let processes = Self.echo()
        #expect(try await processes.answer(Array("first".utf8)) == Array("first".utf8))
        for pid in try Self.livingChildren(named: "cat") { kill(pid, SIGKILL) }
        #expect(try await processes.answer(Array("second".utf8)) == Array("second".utf8))
    }

    /// This process's living children whose command line is `text` (its arguments joined by spaces).
    static func livingChildren(named text: String) throws -> [pid_t] {
        let me = getpid()
        return try FileManager.default.contentsOfDirectory(atPath: "/proc").compactMap { entry -> pid_t? in
            guard let pid = pid_t(entry),
                let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let command = try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8)
            else { return nil }
            // The parent's ID is the fourth field, after the command in parentheses.
            let fields = stat[(stat.lastIndex(of: ")") ?? stat.startIndex)...].split(separator: " ")
            guard fields.count > 2, pid_t(fields[2]) == me, !fields[1].hasPrefix("Z") else { return nil }
            return command.replacingOccurrences(of: "\0", with: " ").hasPrefix(text + " ") ? pid : nil
        }
    }
}
