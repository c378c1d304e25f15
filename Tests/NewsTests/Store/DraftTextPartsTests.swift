import Foundation
import SQLKit
import Storage
import TestSupport
import Testing

@testable import News

/// A kept draft's texts in parts: cut at a scalar count, a span located in the parts it falls in,
/// numbers found between neighbours; and through the store on both engines, any sequence of splices
/// gives the text a plain splice of the whole would, parts renumbered when their numbers run out.
@Suite struct DraftTextPartsTests {
    @Test func aTextIsCutInPartsOfScalars() {
        #expect(DraftTextParts.cut("").isEmpty)
        let text = String(repeating: "👍🏽é", count: DraftTextParts.size)  // three scalars a repetition
        let parts = DraftTextParts.cut(text)
        #expect(parts.map(\.length) == [DraftTextParts.size, DraftTextParts.size, DraftTextParts.size])
        #expect(parts.map(\.text).joined() == text)
        #expect(parts.allSatisfy { $0.text.unicodeScalars.count == $0.length })
    }

    @Test func aSpanIsLocatedInThePartsItFallsIn() {
        let lengths = [10, 10, 5]
        #expect(DraftTextParts.locate(start: 0, end: 0, in: lengths)! == (0, 0, 0))
        #expect(DraftTextParts.locate(start: 3, end: 10, in: lengths)! == (0, 0, 0))
        #expect(DraftTextParts.locate(start: 10, end: 10, in: lengths)! == (1, 1, 10), "at a boundary, the later part")
        #expect(DraftTextParts.locate(start: 9, end: 21, in: lengths)! == (0, 2, 0))
        #expect(DraftTextParts.locate(start: 25, end: 25, in: lengths)! == (2, 2, 20), "at the end, the last part")
        #expect(DraftTextParts.locate(start: 0, end: 0, in: [0])! == (0, 0, 0), "an empty field")
        #expect(DraftTextParts.locate(start: 0, end: 26, in: lengths) == nil)
        #expect(DraftTextParts.locate(start: 5, end: 4, in: lengths) == nil)
        #expect(DraftTextParts.locate(start: 0, end: 0, in: []) == nil)
    }

    @Test func numbersAreFoundBetweenNeighboursWhileThereIsRoom() {
        #expect(DraftTextParts.numbers(3, between: 0, and: 8) == [2, 4, 6])
        #expect(DraftTextParts.numbers(0, between: 5, and: 6) == [])
        #expect(DraftTextParts.numbers(1, between: 5, and: 6) == nil)
        #expect(DraftTextParts.numbers(2) == [DraftTextParts.spacing, 2 * DraftTextParts.spacing])
    }

    /// Random splices of a long mixed-script body, then a splice where the parts' numbers leave no
    /// room: after each, the kept body is the reference's, on both engines.
    @Test(arguments: TestDatabase.engines)
    func splicesKeepTheTextAPlainSpliceWould(engine: DatabaseEngine) async throws {
        try await TestDatabase.withMigrated(engine) { database in
            let memberID = try await database.withConnection { connection in
                try #require(
                    try await connection.raw(
                        "INSERT INTO members (username, email, join_time, last_visit_time, primary_group_id) VALUES ('w', 'w@example.com', 0, 0, 4) RETURNING id"
                    ).first()?.decode(column: "id", as: Int.self))
            }
            let editor = ArticleEditor(publicURL: "")
            var reference = Array(String(repeating: "Ébène 東京 👍🏽 harbour\n", count: 3_000).unicodeScalars)
            var kept = try await database.transaction {
                try await editor.keepDraft(DraftChange(whole: ["body": String(String.UnicodeScalarView(reference))]), of: nil, by: memberID, on: $0, now: 1)
            }
            var random = SystemRandomNumberGenerator()
            let pieces = ["", "x", "東京", "👍🏾", "\n", String(repeating: "wave ", count: 5_000)]
            for step in 0..<41 {
                if step == 40 {
                    // Numbered 1, 2, 3…: the parts a splice into the second makes cannot fit before the third.
                    reference = Array(String(repeating: "ø", count: 3 * DraftTextParts.size).unicodeScalars)
                    kept = try await database.transaction {
                        try await editor.keepDraft(
                            DraftChange(whole: ["body": String(String.UnicodeScalarView(reference))]), of: nil, by: memberID, on: $0, now: 1)
                    }
                    try await database.withConnection { try await $0.raw("UPDATE news_draft_texts SET part = part / \(bind: DraftTextParts.spacing)").run() }
                }
                let start = step < 40 ? Int.random(in: 0...reference.count, using: &random) : DraftTextParts.size + 5
                let end = step < 40 ? min(reference.count, start + Int.random(in: 0...20_000, using: &random)) : start
                let text = step < 40 ? pieces.randomElement(using: &random)! : String(repeating: "Ω", count: DraftTextParts.size + 1)
                let splice = try #require(DraftSplice(field: "body", range: "\(start),\(end),\(reference.count)", text: text))
                kept = try await database.transaction {
                    try await editor.keepDraft(DraftChange(basedOn: kept, whole: [:], splices: [splice]), of: nil, by: memberID, on: $0, now: 2)
                }
                reference.replaceSubrange(start..<end, with: Array(text.unicodeScalars))
                let body = try await database.withConnection { try await editor.draft(of: nil, by: memberID, on: $0) }?.fields["body"]
                #expect(body.map { Array($0.unicodeScalars) == reference } == true, "step \(step): \(start)..<\(end) by \(text.prefix(10))")
            }
            // A field spliced whole is written as a field is: spliced empty it stays kept (one empty
            // part), and the next splice fits it.
            kept = try await database.transaction {
                try await editor.keepDraft(DraftChange(basedOn: kept, whole: ["summary": "Ébène 👍🏽"], splices: []), of: nil, by: memberID, on: $0, now: 3)
            }
            for (range, text, expected) in [("0,8,8", "", ""), ("0,0,0", "Again", "Again"), ("0,5,5", "Once more", "Once more")] {
                let splice = try #require(DraftSplice(field: "summary", range: range, text: text))
                kept = try await database.transaction {
                    try await editor.keepDraft(DraftChange(basedOn: kept, whole: [:], splices: [splice]), of: nil, by: memberID, on: $0, now: 4)
                }
                let summary = try await database.withConnection { try await editor.draft(of: nil, by: memberID, on: $0) }?.fields["summary"]
                #expect(summary == expected, "\(range) by \(text)")
            }
            let numbers = try await database.withConnection { connection in
                try await connection.raw("SELECT part, length FROM news_draft_texts WHERE name = 'body' ORDER BY part").all().map {
                    (try $0.decode(column: "part", as: Int.self), try $0.decode(column: "length", as: Int.self))
                }
            }
            #expect(numbers.reduce(0) { $0 + $1.1 } == reference.count)
            #expect(numbers.allSatisfy { $0.1 > 0 && $0.1 <= DraftTextParts.size }, "no empty or long part")
            #expect(numbers.map(\.0) == DraftTextParts.numbers(numbers.count), "numbered afresh")
        }
    }
}
