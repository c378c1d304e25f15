/// A Composr table's records as the dump gave them, kept in a ``Spool``, each finished as it is read
/// back (its translatable fields resolved, what later tables add to it), since the tables that finish
/// a record may come after it in the dump.
public struct ComposrRecords<Record: Sendable>: Sendable {
    private let spool: Spool?
    private let record: @Sendable ([UInt8]) throws -> Record

    /// No records.
    init() {
        self.spool = nil
        self.record = { _ in throw ComposrImportError.temporaryFile("it ended inside a record") }
    }

    /// The records of `spool`, each read and then finished by `finish`.
    init(_ spool: Spool, finishing finish: @escaping @Sendable (inout Record) -> Void) where Record: SpooledRecord {
        self.spool = spool
        self.record = { bytes in
            var fields = RecordFields(bytes)
            var record = try Record(reading: &fields)
            finish(&record)
            return record
        }
    }

    public var count: Int { self.spool?.count ?? 0 }

    /// Calls `body` with the records in the dump's order, `size` at a time.
    public func forEachBatch(of size: Int, _ body: ([Record]) async throws -> Void) async throws {
        try await self.spool?.forEachBatch(of: size) { records in try await body(try records.map(self.record)) }
    }

    /// Every record (a small table, tests).
    public func all() throws -> [Record] {
        try (self.spool?.all() ?? []).map(self.record)
    }
}
