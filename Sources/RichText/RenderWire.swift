/// The bytes a rendering request and its answer are written as between the server and the child
/// process rendering them (``RenderProcesses``): integers big-endian, text as its length and UTF-8,
/// lists as their count and items. The child reads what a parent it started wrote, yet reads it
/// strictly: anything short, long or malformed is an error, never a crash.
public enum RenderWire {
    /// Appends values to bytes.
    public struct Writer {
        public private(set) var bytes: [UInt8] = []

        public init() {}

        public mutating func integer(_ value: Int) {
            let bits = UInt64(bitPattern: Int64(value))
            for shift in stride(from: 56, through: 0, by: -8) { self.bytes.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
        }

        public mutating func text(_ value: String) {
            let utf8 = Array(value.utf8)
            self.integer(utf8.count)
            self.bytes += utf8
        }

        public mutating func texts(_ values: [String]) {
            self.integer(values.count)
            for value in values { self.text(value) }
        }

        public mutating func optionalText(_ value: String?) {
            self.integer(value == nil ? 0 : 1)
            if let value { self.text(value) }
        }

        public mutating func rendered(_ value: RenderedText) {
            self.text(value.html)
            self.text(value.text)
            self.texts(value.dropped)
            self.texts(value.images)
        }

        public mutating func image(_ value: HTMLAllowlist.Image) {
            self.text(value.src)
            self.integer(value.width ?? -1)
            self.integer(value.height ?? -1)
            self.optionalText(value.srcset)
            self.text(value.alt)
        }

        public mutating func refusal(_ value: TextRefused) {
            let (kind, maximum) =
                switch value {
                case .tooDeep(let maximum): (1, maximum)
                case .tooManyTableCells(let maximum): (2, maximum)
                case .tooLong(let maximum): (3, maximum)
                case .failed: (4, 0)
                }
            self.integer(kind)
            self.integer(maximum)
        }
    }

    /// The bytes were not what the other side writes.
    public struct Malformed: Error {
        public init() {}
    }

    /// Reads values back in the order they were written.
    public struct Reader {
        private let bytes: [UInt8]
        private var offset = 0

        public init(_ bytes: [UInt8]) {
            self.bytes = bytes
        }

        /// Whether every byte was read.
        public var atEnd: Bool { self.offset == self.bytes.count }

        public mutating func integer() throws(Malformed) -> Int {
            guard self.bytes.count - self.offset >= 8 else { throw Malformed() }
            var bits: UInt64 = 0
            for byte in self.bytes[self.offset..<(self.offset + 8)] { bits = bits << 8 | UInt64(byte) }
            self.offset += 8
            return Int(Int64(bitPattern: bits))
        }

        /// A count or length, which the bytes left bound.
        private mutating func count(each: Int) throws(Malformed) -> Int {
            let count = try self.integer()
            guard count >= 0, count <= (self.bytes.count - self.offset) / each else { throw Malformed() }
            return count
        }

        public mutating func text() throws(Malformed) -> String {
            let length = try self.count(each: 1)
            defer { self.offset += length }
            return String(decoding: self.bytes[self.offset..<(self.offset + length)], as: UTF8.self)
        }

        public mutating func texts() throws(Malformed) -> [String] {
            let count = try self.count(each: 8)
            var values: [String] = []
            for _ in 0..<count { values.append(try self.text()) }
            return values
        }

        public mutating func optionalText() throws(Malformed) -> String? {
            switch try self.integer() {
            case 0: return nil
            case 1: return try self.text()
            default: throw Malformed()
            }
        }

        public mutating func rendered() throws(Malformed) -> RenderedText {
            RenderedText(html: try self.text(), text: try self.text(), dropped: try self.texts(), images: try self.texts())
        }

        public mutating func image() throws(Malformed) -> HTMLAllowlist.Image {
            let src = try self.text()
            let width = try self.integer()
            let height = try self.integer()
            return HTMLAllowlist.Image(
                src: src, width: width < 0 ? nil : width, height: height < 0 ? nil : height, srcset: try self.optionalText(), alt: try self.text())
        }

        public mutating func refusal() throws(Malformed) -> TextRefused {
            let kind = try self.integer()
            let maximum = try self.integer()
            switch kind {
            case 1: return .tooDeep(maximum: maximum)
            case 2: return .tooManyTableCells(maximum: maximum)
            case 3: return .tooLong(maximum: maximum)
            case 4: return .failed
            default: throw Malformed()
            }
        }
    }
}
