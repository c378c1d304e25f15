extension DumpReader {
    // MARK: Tokens

    /// A run of letters, digits and `_`, in capitals (keywords are matched whatever their case).
    mutating func word() throws -> String {
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

    static func isWordByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
    }

    /// A backquoted name (a doubled backquote is one).
    mutating func identifier() throws -> String {
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
    mutating func skipDefinition() throws -> Bool {
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
    mutating func skipStatement() throws {
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
    mutating func skipQuoted() throws {
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

    mutating func skipSpace() throws {
        while let byte = try self.peek(), byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
            if byte == 0x0A { self.line += 1 }
            self.index += 1
        }
    }

    /// Spaces, `-- ` and `#` comments to the end of their line, and `/* … */` comments (mysqldump's
    /// `/*!40101 SET … */` included: the settings they make are for a MySQL server loading the dump).
    mutating func skipSpaceAndComments() throws {
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
    mutating func take(_ character: Unicode.Scalar) throws -> Bool {
        try self.skipSpace()
        guard try self.peek() == UInt8(character.value) else { return false }
        self.index += 1
        return true
    }

    mutating func expect(_ character: Unicode.Scalar) throws {
        guard try self.take(character) else {
            let found = try self.peek().map { "“\(Character(Unicode.Scalar($0)))”" } ?? "the end of the dump"
            throw self.failure("\(found) where “\(character)” belongs")
        }
    }
}
