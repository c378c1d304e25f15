/// Reads what `mysqldump` (MySQL's or MariaDB's) writes, as a stream of tables and rows: comments
/// and the statements around the data (`SET`, `DROP TABLE`, `LOCK TABLES`…) are passed over,
/// `CREATE TABLE` gives a table's columns, and `INSERT` (one row or many, with or without a column
/// list) gives its rows one at a time, so a dump of gigabytes costs one chunk and one row of memory.
///
/// It is strict on purpose: a dump is outside bytes, and a reader that guessed would import a
/// damaged dump as if it were whole. Anything else — a statement a dump does not hold, a string never
/// closed, a value past ``maximumValueBytes``, a row whose values do not match its table — ends the
/// read with a ``DumpError`` naming the line.
public struct DumpReader<Input: DumpInput> {
    /// The longest value the reader takes (bytes once escapes are undone): a longer one is a damaged
    /// dump (a string never closed runs to its end) or not one worth importing.
    public let maximumValueBytes: Int
    /// The longest statement passed over (`SET`, `DROP`, a comment): anything longer is not one of those.
    static var maximumSkippedBytes: Int { 1 << 20 }
    static var chunk: Int { 1 << 16 }

    var input: Input
    var buffer: [UInt8] = []
    var index = 0
    var atEnd = false
    /// The line the next byte is on, for errors.
    public internal(set) var line = 1
    private var columns: [String: [String]] = [:]
    /// The `INSERT` being read when its next row is still to come.
    private var inserting: (table: String, columns: [String])?

    public init(_ input: Input, maximumValueBytes: Int = 64 << 20) {
        self.input = input
        self.maximumValueBytes = maximumValueBytes
    }

    /// The next table definition or row; nil at the end of the dump.
    public mutating func next() throws -> DumpEvent? {
        if let inserting = self.inserting { return try self.row(of: inserting) }
        while true {
            try self.skipSpaceAndComments()
            guard let byte = try self.peek() else { return nil }
            if byte == UInt8(ascii: ";") {
                self.index += 1
                continue
            }
            let word = try self.word()
            switch word {
            case "INSERT":
                return try self.insert()
            case "CREATE":
                let what = try self.word()
                if what == "TABLE" { return try self.createTable() }
                guard what == "DATABASE" else { throw self.failure("CREATE \(what) is not something a dump of tables holds") }
                try self.skipStatement()
            case "DROP", "LOCK", "UNLOCK", "SET", "ALTER", "USE", "START", "COMMIT":
                try self.skipStatement()
            case "DELIMITER":
                throw self.failure("the dump holds triggers or routines: dump again with --skip-triggers and without --routines")
            default:
                throw self.failure("“\(word)” does not start a statement of a database dump")
            }
        }
    }

    // MARK: Statements

    mutating func createTable() throws -> DumpEvent {
        try self.skipSpace()
        if try self.peek() != UInt8(ascii: "`") {
            guard try self.word() == "IF", try self.word() == "NOT", try self.word() == "EXISTS" else {
                throw self.failure("CREATE TABLE without a table name")
            }
        }
        let name = try self.identifier()
        try self.expect("(")
        var names: [String] = []
        while true {
            try self.skipSpace()
            if try self.peek() == UInt8(ascii: "`") { names.append(try self.identifier()) }
            // The rest of the definition (type, default, comment) or a key: up to the comma or the
            // closing parenthesis at this depth.
            guard try self.skipDefinition() else { break }
        }
        try self.skipStatement()
        guard !names.isEmpty else { throw self.failure("table \(name) is defined without columns") }
        self.columns[name] = names
        return .table(name, columns: names)
    }

    mutating func insert() throws -> DumpEvent {
        var word = try self.word()
        if word == "IGNORE" { word = try self.word() }
        guard word == "INTO" else { throw self.failure("INSERT without INTO") }
        let table = try self.identifier()
        try self.skipSpace()
        var listed: [String]?
        if try self.peek() == UInt8(ascii: "(") {
            self.index += 1
            var names: [String] = []
            repeat {
                names.append(try self.identifier())
                try self.skipSpace()
            } while try self.take(",")
            try self.expect(")")
            listed = names
        }
        guard try self.word() == "VALUES" else { throw self.failure("INSERT into \(table) without VALUES") }
        guard let columns = listed ?? self.columns[table] else {
            throw self.failure("rows for table \(table) before its definition (CREATE TABLE) and without a column list")
        }
        return try self.row(of: (table, columns))
    }

    /// One parenthesised row of the `INSERT` being read.
    mutating func row(of statement: (table: String, columns: [String])) throws -> DumpEvent {
        self.inserting = nil
        try self.expect("(")
        var values: [DumpValue] = []
        repeat {
            try self.skipSpace()
            values.append(try self.value())
            try self.skipSpace()
        } while try self.take(",")
        try self.expect(")")
        guard values.count == statement.columns.count else {
            throw self.failure("a row of \(values.count) values for table \(statement.table), which has \(statement.columns.count) columns")
        }
        try self.skipSpace()
        if try self.take(",") {
            self.inserting = statement
        } else if try !self.take(";") {
            throw self.failure("a row of table \(statement.table) followed by neither “,” nor “;”")
        }
        return .row(table: statement.table, columns: statement.columns, values: values)
    }

    // MARK: Bytes

    /// The byte `offset` past the cursor, reading more of the input when the chunk is used up.
    mutating func peek(_ offset: Int = 0) throws -> UInt8? {
        while self.index + offset >= self.buffer.count {
            guard !self.atEnd else { return nil }
            let more = try self.input.read(upTo: Self.chunk)
            if more.isEmpty {
                self.atEnd = true
                return nil
            }
            self.buffer = Array(self.buffer[self.index...]) + more
            self.index = 0
        }
        return self.buffer[self.index + offset]
    }

    func failure(_ problem: String) -> DumpError {
        DumpError(line: self.line, problem: problem)
    }

    func tooLong(from line: Int) -> DumpError {
        DumpError(line: line, problem: "a value longer than \(self.maximumValueBytes) bytes starts here (a string never closed?)")
    }
}
