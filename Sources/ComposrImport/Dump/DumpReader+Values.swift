extension DumpReader {
    // MARK: Values

    mutating func value() throws -> DumpValue {
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
    mutating func quoted() throws -> [UInt8] {
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

    mutating func hexadecimal() throws -> [UInt8] {
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

    static func nibble(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// `-`? digits, then `.` digits and an exponent, each optional.
    mutating func number() throws -> String {
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
}
