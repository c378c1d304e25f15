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

    private var input: Input
    private var buffer: [UInt8] = []
    private var index = 0
    private var atEnd = false
    /// The line the next byte is on, for errors.
    public private(set) var line = 1
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

    private mutating func createTable() throws -> DumpEvent {
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

    private mutating func insert() throws -> DumpEvent {
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
    private mutating func row(of statement: (table: String, columns: [String])) throws -> DumpEvent {
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

    // MARK: Values

    private mutating func value() throws -> DumpValue {
        guard let byte = try self.peek() else { throw self.failure("the dump ends inside a row") }
        switch byte {
        case UInt8(ascii: "'"):
            return .bytes(try self.quoted())
        case UInt8(ascii: "0") where try self.peek(1) == UInt8(ascii: "x"):
            self.index += 2
            return .bytes(try self.hexadecimal())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return .number(try self.number())
        case UInt8(ascii: "N"):
            guard try self.word() == "NULL" else { throw self.failure("a value that is neither a string, a number nor NULL") }
            return .null
        case UInt8(ascii: "_"):
            guard try self.word() == "_BINARY" else { throw self.failure("a character set introducer other than _binary") }
            try self.skipSpace()
            if try self.peek() == UInt8(ascii: "0"), try self.peek(1) == UInt8(ascii: "x") {
                self.index += 2
                return .bytes(try self.hexadecimal())
            }
            guard try self.peek() == UInt8(ascii: "'") else { throw self.failure("_binary without a string") }
            return .bytes(try self.quoted())
        default:
            throw self.failure("a value that is neither a string, a number nor NULL")
        }
    }

    /// A single-quoted string with MySQL's escapes undone (`''` is a quote; `\%` and `\_` keep their
    /// backslash, as MySQL reads them).
    private mutating func quoted() throws -> [UInt8] {
        let startLine = self.line
        self.index += 1
        var bytes: [UInt8] = []
        while true {
            guard try self.peek() != nil else { throw DumpError(line: startLine, problem: "a string opens here and is never closed") }
            // The run of plain bytes up to the next quote or backslash, copied at once.
            var end = self.index
            while end < self.buffer.count, self.buffer[end] != UInt8(ascii: "'"), self.buffer[end] != UInt8(ascii: "\\") { end += 1 }
            if end > self.index {
                let run = self.buffer[self.index..<end]
                self.line += run.reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
                bytes.append(contentsOf: run)
                self.index = end
                guard bytes.count <= self.maximumValueBytes else { throw self.tooLong(from: startLine) }
                continue
            }
            let byte = self.buffer[self.index]
            self.index += 1
            if byte == UInt8(ascii: "'") {
                guard try self.peek() == UInt8(ascii: "'") else { return bytes }
                self.index += 1
                bytes.append(UInt8(ascii: "'"))
            } else {
                guard let escaped = try self.peek() else { throw DumpError(line: startLine, problem: "a string opens here and is never closed") }
                self.index += 1
                if escaped == UInt8(ascii: "\n") { self.line += 1 }
                bytes.append(contentsOf: Self.unescaped(escaped))
            }
            guard bytes.count <= self.maximumValueBytes else { throw self.tooLong(from: startLine) }
        }
    }

    /// What `\` followed by `byte` stands for in a MySQL string.
    static func unescaped(_ byte: UInt8) -> [UInt8] {
        switch byte {
        case UInt8(ascii: "0"): return [0]
        case UInt8(ascii: "b"): return [8]
        case UInt8(ascii: "n"): return [10]
        case UInt8(ascii: "r"): return [13]
        case UInt8(ascii: "t"): return [9]
        case UInt8(ascii: "Z"): return [26]
        case UInt8(ascii: "%"), UInt8(ascii: "_"): return [UInt8(ascii: "\\"), byte]
        default: return [byte]
        }
    }

    private mutating func hexadecimal() throws -> [UInt8] {
        var bytes: [UInt8] = []
        var high: UInt8?
        while let byte = try self.peek(), let nibble = Self.nibble(byte) {
            self.index += 1
            if let first = high {
                bytes.append(first << 4 | nibble)
                high = nil
                guard bytes.count <= self.maximumValueBytes else { throw self.tooLong(from: self.line) }
            } else {
                high = nibble
            }
        }
        guard high == nil else { throw self.failure("a hexadecimal literal of an odd number of digits") }
        return bytes
    }

    private static func nibble(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// `-`? digits, then `.` digits and an exponent, each optional.
    private mutating func number() throws -> String {
        var bytes: [UInt8] = []
        func digits(_ reader: inout Self) throws -> Int {
            var count = 0
            while let byte = try reader.peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                bytes.append(byte)
                reader.index += 1
                count += 1
                guard count <= 80 else { throw reader.failure("a number of more than 80 digits") }
            }
            return count
        }
        if try self.take("-") { bytes.append(UInt8(ascii: "-")) }
        guard try digits(&self) > 0 else { throw self.failure("a “-” without a number") }
        if try self.take(".") {
            bytes.append(UInt8(ascii: "."))
            guard try digits(&self) > 0 else { throw self.failure("a number ending in “.”") }
        }
        if let byte = try self.peek(), byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
            self.index += 1
            bytes.append(UInt8(ascii: "e"))
            if let sign = try self.peek(), sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
                self.index += 1
                bytes.append(sign)
            }
            guard try digits(&self) > 0 else { throw self.failure("a number with an empty exponent") }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: Tokens

    /// A run of letters, digits and `_`, in capitals (keywords are matched whatever their case).
    private mutating func word() throws -> String {
        try self.skipSpaceAndComments()
        var bytes: [UInt8] = []
        while let byte = try self.peek(), Self.isWordByte(byte) {
            bytes.append(byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") ? byte - 32 : byte)
            self.index += 1
            guard bytes.count <= 64 else { throw self.failure("a word of more than 64 letters where a keyword belongs") }
        }
        guard !bytes.isEmpty else {
            let found = try self.peek().map { "“\(Character(Unicode.Scalar($0)))”" } ?? "the end of the dump"
            throw self.failure("\(found) where a keyword belongs")
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
    }

    /// A backquoted name (a doubled backquote is one).
    private mutating func identifier() throws -> String {
        try self.skipSpaceAndComments()
        guard try self.take("`") else { throw self.failure("a table or column name not in backquotes") }
        var bytes: [UInt8] = []
        while true {
            guard let byte = try self.peek() else { throw self.failure("a name never closed") }
            self.index += 1
            if byte == UInt8(ascii: "`") {
                guard try self.take("`") else { break }
            }
            guard byte != UInt8(ascii: "\n"), bytes.count < 256 else { throw self.failure("a name of more than 256 bytes, or across lines") }
            bytes.append(byte)
        }
        guard let name = String(validating: bytes, as: UTF8.self), !name.isEmpty else { throw self.failure("a name that is not UTF-8") }
        return name
    }

    /// Passes over one column or key definition of a `CREATE TABLE`; true when another follows.
    private mutating func skipDefinition() throws -> Bool {
        var depth = 0
        var skipped = 0
        while let byte = try self.peek() {
            skipped += 1
            guard skipped <= Self.maximumSkippedBytes else { throw self.failure("a column definition longer than a megabyte") }
            switch byte {
            case UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "`"):
                try self.skipQuoted()
                continue
            case UInt8(ascii: "("): depth += 1
            case UInt8(ascii: ")"):
                if depth == 0 {
                    self.index += 1
                    return false
                }
                depth -= 1
            case UInt8(ascii: ","):
                if depth == 0 {
                    self.index += 1
                    return true
                }
            case UInt8(ascii: "\n"): self.line += 1
            default: break
            }
            self.index += 1
        }
        throw self.failure("the dump ends inside CREATE TABLE")
    }

    /// Passes over the rest of a statement, up to and including its `;`.
    private mutating func skipStatement() throws {
        var skipped = 0
        while let byte = try self.peek() {
            skipped += 1
            guard skipped <= Self.maximumSkippedBytes else { throw self.failure("a statement longer than a megabyte that holds no rows") }
            switch byte {
            case UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "`"):
                try self.skipQuoted()
                continue
            case UInt8(ascii: ";"):
                self.index += 1
                return
            case UInt8(ascii: "\n"): self.line += 1
            default: break
            }
            self.index += 1
        }
        throw self.failure("the dump ends inside a statement")
    }

    /// Passes over a quoted string or name (opened by the byte at the cursor).
    private mutating func skipQuoted() throws {
        let quote = self.buffer[self.index]
        let startLine = self.line
        self.index += 1
        var skipped = 0
        while let byte = try self.peek() {
            self.index += 1
            skipped += 1
            guard skipped <= Self.maximumSkippedBytes else { throw self.tooLong(from: startLine) }
            if byte == UInt8(ascii: "\n") { self.line += 1 }
            if byte == UInt8(ascii: "\\"), quote != UInt8(ascii: "`") {
                if try self.peek() == UInt8(ascii: "\n") { self.line += 1 }
                if try self.peek() != nil { self.index += 1 }
            } else if byte == quote {
                guard try self.peek() == quote else { return }
                self.index += 1
            }
        }
        throw DumpError(line: startLine, problem: "a string opens here and is never closed")
    }

    private mutating func skipSpace() throws {
        while let byte = try self.peek(), byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
            if byte == 0x0A { self.line += 1 }
            self.index += 1
        }
    }

    /// Spaces, `-- ` and `#` comments to the end of their line, and `/* … */` comments (mysqldump's
    /// `/*!40101 SET … */` included: the settings they make are for a MySQL server loading the dump).
    private mutating func skipSpaceAndComments() throws {
        while true {
            try self.skipSpace()
            guard let byte = try self.peek() else { return }
            let next = try self.peek(1)
            if byte == UInt8(ascii: "#") || (byte == UInt8(ascii: "-") && next == UInt8(ascii: "-")) {
                var skipped = 0
                while let byte = try self.peek(), byte != UInt8(ascii: "\n") {
                    self.index += 1
                    skipped += 1
                    guard skipped <= Self.maximumSkippedBytes else { throw self.failure("a comment line longer than a megabyte") }
                }
            } else if byte == UInt8(ascii: "/") && next == UInt8(ascii: "*") {
                let startLine = self.line
                self.index += 2
                var skipped = 0
                while true {
                    guard let byte = try self.peek() else { throw DumpError(line: startLine, problem: "a comment opens here and is never closed") }
                    self.index += 1
                    skipped += 1
                    guard skipped <= Self.maximumSkippedBytes else { throw self.failure("a comment longer than a megabyte") }
                    if byte == UInt8(ascii: "\n") { self.line += 1 }
                    if byte == UInt8(ascii: "*"), try self.peek() == UInt8(ascii: "/") {
                        self.index += 1
                        break
                    }
                }
            } else {
                return
            }
        }
    }

    /// Takes `character` when it is next (after spaces).
    private mutating func take(_ character: Unicode.Scalar) throws -> Bool {
        try self.skipSpace()
        guard try self.peek() == UInt8(character.value) else { return false }
        self.index += 1
        return true
    }

    private mutating func expect(_ character: Unicode.Scalar) throws {
        guard try self.take(character) else {
            let found = try self.peek().map { "“\(Character(Unicode.Scalar($0)))”" } ?? "the end of the dump"
            throw self.failure("\(found) where “\(character)” belongs")
        }
    }

    // MARK: Bytes

    /// The byte `offset` past the cursor, reading more of the input when the chunk is used up.
    private mutating func peek(_ offset: Int = 0) throws -> UInt8? {
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

    private func failure(_ problem: String) -> DumpError {
        DumpError(line: self.line, problem: problem)
    }

    private func tooLong(from line: Int) -> DumpError {
        DumpError(line: line, problem: "a value longer than \(self.maximumValueBytes) bytes starts here (a string never closed?)")
    }
}

/// What the reader found.
public enum DumpEvent: Equatable, Sendable {
    /// A table's definition: its name and its columns in order.
    case table(String, columns: [String])
    /// One row inserted into `table`, its values in the order of `columns`.
    case row(table: String, columns: [String], values: [DumpValue])
}

/// Why a dump could not be read, and where.
public struct DumpError: Error, Equatable, CustomStringConvertible {
    public let line: Int
    public let problem: String

    public var description: String { "Line \(self.line) of the dump: \(self.problem)." }
}
