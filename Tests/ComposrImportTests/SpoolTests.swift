import Testing

@testable import ComposrImport

/// Records kept on disk while a dump is read come back whole and in order, in batches, across the
/// writer's and the reader's chunks.
@Suite struct SpoolTests {
    @Test func recordsComeBackWholeAndInOrder() async throws {
        let writer = try Spool.Writer()
        // Records of every size up to past a chunk (1 MiB), so some straddle the chunks' edges.
        let records = (0..<300).map { index in [UInt8](repeating: UInt8(index % 251), count: index * index * 13) }
        for record in records { try writer.append(record) }
        let spool = try writer.finished()
        #expect(spool.count == 300 && spool.size == records.reduce(0) { $0 + 4 + $1.count })
        #expect(try spool.all() == records)
        var batches: [[[UInt8]]] = []
        try await spool.forEachBatch(of: 7) { batches.append($0) }
        #expect(batches.map(\.count) == Array(repeating: 7, count: 42) + [6])
        #expect(batches.flatMap { $0 } == records)
    }

    @Test func aRecordsFieldsReadBackAsWritten() throws {
        var bytes = RecordBytes()
        bytes.int(-42)
        bytes.text("Zoë 🙂")
        bytes.optionalText(nil)
        bytes.optionalInt(7)
        bytes.translatable(.reference(12))
        bytes.translatable(.text(""))
        bytes.ints([3, -1, Int.max])
        bytes.bool(true)
        var fields = RecordFields(bytes.bytes)
        #expect(try fields.int() == -42 && fields.text() == "Zoë 🙂" && fields.optionalText() == nil && fields.optionalInt() == 7)
        #expect(try fields.translatable() == .reference(12) && fields.translatable() == .text(""))
        #expect(try fields.ints() == [3, -1, Int.max] && fields.bool())
        #expect(throws: ComposrImportError.self) { try fields.int() }
    }

    @Test func anEmptySpoolHasNoRecords() async throws {
        let spool = try Spool.Writer().finished()
        #expect(try spool.all().isEmpty && spool.count == 0)
        try await spool.forEachBatch(of: 10) { _ in Issue.record("no batch") }
    }
}
