/// A record a ``Spool`` keeps: its fields written in an order and read back in the same order.
protocol SpooledRecord {
    func write(to fields: inout RecordBytes)
    init(reading fields: inout RecordFields) throws
}

/// A record's fields as a spool keeps them: integers as eight bytes, texts as their length and UTF-8.
struct RecordBytes {
    private(set) var bytes: [UInt8] = []

    mutating func int(_ value: Int) {
        withUnsafeBytes(of: Int64(value).littleEndian) { self.bytes += $0 }
    }

    mutating func bool(_ value: Bool) {
        self.bytes.append(value ? 1 : 0)
    }

    mutating func text(_ value: String) {
        self.int(value.utf8.count)
        self.bytes += value.utf8
    }

    mutating func optionalInt(_ value: Int?) {
        self.bool(value != nil)
        if let value { self.int(value) }
    }

    mutating func optionalText(_ value: String?) {
        self.bool(value != nil)
        if let value { self.text(value) }
    }

    mutating func translatable(_ value: Translatable) {
        switch value {
        case .text(let text):
            self.bool(false)
            self.text(text)
        case .reference(let id):
            self.bool(true)
            self.int(id)
        }
    }

    mutating func ints(_ values: [Int]) {
        self.int(values.count)
        for value in values { self.int(value) }
    }
}

/// A record's fields read back in the order they were written.
struct RecordFields {
    private let bytes: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    private mutating func take(_ count: Int) throws -> ArraySlice<UInt8> {
        guard count >= 0, count <= self.bytes.count - self.offset else { throw ComposrImportError.temporaryFile("it ended inside a record") }
        defer { self.offset += count }
        return self.bytes[self.offset..<self.offset + count]
    }

    mutating func int() throws -> Int {
        Int(Int64(bitPattern: try self.take(8).reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }))
    }

    mutating func bool() throws -> Bool {
        try self.take(1).first == 1
    }

    mutating func text() throws -> String {
        String(decoding: try self.take(try self.int()), as: UTF8.self)
    }

    mutating func optionalInt() throws -> Int? {
        try self.bool() ? try self.int() : nil
    }

    mutating func optionalText() throws -> String? {
        try self.bool() ? try self.text() : nil
    }

    mutating func translatable() throws -> Translatable {
        try self.bool() ? .reference(try self.int()) : .text(try self.text())
    }

    mutating func ints() throws -> [Int] {
        try (0..<(try self.int())).map { _ in try self.int() }
    }
}
