import Foundation
import News
import SQLKit
import Storage
import TestSupport
import Testing

/// `endpoint news rerender` as an operator runs it after a renderer change.
@Suite struct NewsCommandTests {
    @Test(arguments: TestDatabase.engines)
    func rerenderMakesEveryRenderingAgainAndRecordsWhatChanged(engine: DatabaseEngine) async throws {
        let url = try await TestDatabase.freshURL(engine)
        let migrated = try EndpointProcess.run(["migrate"], database: url.connectionString)
        #expect(migrated.status == 0, "\(migrated.errors)")
        let seq = try await TestDatabase.withOpen(url) { database in
            try await database.transaction { connection in
                var rich = NewsArticleChanges()
                rich.format = .comcode
                rich.article = "[b]Bold[/b] [url=\"https://news.example/news/2\"]ours[/url]"
                rich.validated = true
                try await ArticleWriter(publicURL: "https://news.example").create(
                    title: "Rich", categoryID: 1, submitterID: 1, applying: rich, on: connection, now: UnixTime.now - 60)
                var plain = NewsArticleChanges()
                plain.article = "Plain"
                plain.validated = true
                try await ArticleWriter(publicURL: "https://news.example").create(
                    title: "Plain", categoryID: 1, submitterID: 1, applying: plain, on: connection, now: UnixTime.now - 60)
                // What an older renderer made of the first.
                try await connection.raw("UPDATE news SET body_html = 'made by an older renderer' WHERE id = 1").run()
            }
            return try await database.withConnection { try await NewsChangeLog.state(on: $0).latest }
        }
        let rerendered = try EndpointProcess.run(["news", "rerender", "--public-url", "https://news.example"], database: url.connectionString)
        #expect(rerendered.status == 0, "\(rerendered.errors)")
        #expect(rerendered.output == "Rendered 2 articles; 1 changed.\n")
        try await TestDatabase.withOpen(url) { database in
            let article = try await database.withConnection { try await NewsStore.article(id: 1, on: $0) }
            #expect(article?.bodyHTML == "<strong>Bold</strong> <a href=\"/news/2\">ours</a>")
            let latest = try await database.withConnection { try await NewsChangeLog.state(on: $0).latest }
            #expect(latest == seq + 1, "the changed article is in the change log, so apps fetch it again")
        }
        let again = try EndpointProcess.run(["news", "rerender", "--public-url", "https://news.example"], database: url.connectionString)
        #expect(again.output == "Rendered 2 articles; 0 changed.\n", "\(again.errors)")
    }

    /// `endpoint news render` shows what a text renders to, and says what it left out or refused.
    @Test func renderShowsTheHTMLAndWhatWasLeftOut() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("render-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let comcode = folder.appendingPathComponent("article.txt")
        try Data("[b]Hello[/b] {$USERNAME}\n[quote=\"carol\"]Hi[/quote]".utf8).write(to: comcode)
        let rendered = try Subprocess.run(EndpointProcess.executable, ["news", "render", comcode.path, "--language", "FR"])
        #expect(rendered.status == 0, "\(rendered.errors)")
        #expect(rendered.output == "<strong>Hello</strong> <br><blockquote><h4>carol a dit</h4>Hi</blockquote>\n")
        #expect(rendered.errors == "Dropped: {$USERNAME}\n")
        let timed = try Subprocess.run(EndpointProcess.executable, ["news", "render", comcode.path, "--repeat", "3"])
        #expect(timed.errors.contains("Rendered 50 characters 3 times: median "), "\(timed.errors)")

        let deep = folder.appendingPathComponent("deep.md")
        try Data((String(repeating: ">", count: 10_000) + " deep").utf8).write(to: deep)
        let refused = try Subprocess.run(EndpointProcess.executable, ["news", "render", deep.path, "--format", "markdown"])
        #expect(refused.status != 0 && refused.errors.contains("The text nests its markup more than 64 levels deep."), "\(refused.errors)")
    }

    /// S-1 of the third review: with Debian's cmark-gfm 0.29.0.gfm.6 a 23 KB table cost 19.3 s of CPU,
    /// 5.2 GB of memory and a 167 MB answer. Rendered as the server renders (`endpoint news render`,
    /// measured by `/usr/bin/time` against an empty text), it is refused within 100 ms of CPU and
    /// 50 MB of memory, with a sentence of a line.
    @Test func aTwentyThreeKilobyteTableCostsNothing() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("table-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let table = "|" + String(repeating: "a|", count: 1_000) + "\n|" + String(repeating: "-|", count: 1_000) + "\n" + String(repeating: "x\n", count: 9_500)
        #expect(table.utf8.count >= 23_000)
        let files = (table: folder.appendingPathComponent("table.md"), empty: folder.appendingPathComponent("empty.md"))
        try Data(table.utf8).write(to: files.table)
        try Data().write(to: files.empty)
        func measured(_ file: URL) throws -> (cpuSeconds: Double, megabytes: Double, output: String, errors: String) {
            let report = folder.appendingPathComponent("time-\(UUID())")
            let result = try Subprocess.run(
                URL(fileURLWithPath: "/usr/bin/time"),
                ["-o", report.path, "-f", "%U %S %M", EndpointProcess.executable.path, "news", "render", "--format", "markdown", file.path])
            // The last line (a first one says when the command failed, as the refused table's does).
            let last = try String(contentsOf: report, encoding: .utf8).split(separator: "\n").last ?? ""
            let fields = last.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
            guard fields.count == 3 else { throw TestFailure("no measure in \(report.path)") }
            return (fields[0] + fields[1], fields[2] / 1024, result.output, result.errors)
        }
        let baseline = try measured(files.empty)
        let attack = try measured(files.table)
        #expect(attack.errors.contains("The text's tables have more than 20000 cells in all."), "\(attack.errors)")
        #expect(attack.output.utf8.count + attack.errors.utf8.count < 1_000, "the answer is a line")
        #expect(attack.cpuSeconds - baseline.cpuSeconds < 0.1, "CPU: \(attack.cpuSeconds) s against \(baseline.cpuSeconds) s")
        #expect(attack.megabytes - baseline.megabytes < 50, "memory: \(attack.megabytes) MB against \(baseline.megabytes) MB")
    }
}
