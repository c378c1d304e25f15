import ComposrImport

extension FuzzTarget {
    /// Any bytes read as a mysqldump (a Composr site's, for `endpoint import composr`); the first byte
    /// says how big the chunks the reader is handed are, as a pipe delivers them.
    ///
    /// Properties: every row holds as many values as its columns; no value is longer than the limit;
    /// the dump read in chunks reads as it does whole: the same events, the same failure and line.
    static let dumpReader = FuzzTarget(name: "dump-reader") { input in
        guard let first = input.first else { return nil }
        let bytes = Array(input.dropFirst())
        let whole = Self.events(DumpBytes(bytes))
        let chunked = Self.events(DumpBytes(bytes, chunk: Int(first) + 1))
        for case .row(_, let columns, let values) in whole.events {
            if values.count != columns.count { return "a row of \(values.count) values for \(columns.count) columns" }
            for case .bytes(let value) in values where value.count > Self.dumpValueLimit { return "a value of \(value.count) bytes" }
        }
        guard whole.events == chunked.events, whole.failure == chunked.failure else { return "read in chunks, the dump read differently" }
        return nil
    }

    private static let dumpValueLimit = 4_096

    private static func events<Input: DumpInput>(_ input: Input) -> (events: [DumpEvent], failure: DumpError?) {
        var reader = DumpReader(input, maximumValueBytes: Self.dumpValueLimit)
        var events: [DumpEvent] = []
        do {
            while let event = try reader.next() { events.append(event) }
            return (events, nil)
        } catch {
            return (events, error as? DumpError)
        }
    }
}
