extension WordDifference {
    /// A text's UTF-8 bytes parted into pieces: words and the whitespace runs between them, in order.
    /// Pieces are byte ranges, not strings, so parting a 1 MB body makes no string per word.
    struct Pieces {
        let bytes: [UInt8]
        /// Where each piece begins, then where the text ends.
        let bounds: [Int]

        init(_ text: String) {
            let bytes = Array(text.utf8)
            var bounds: [Int] = []
            var lastIsSpace: Bool?
            bytes.withUnsafeBufferPointer { bytes in
                var offset = 0
                while offset < bytes.count {
                    let (isSpace, width) = Self.scalar(in: bytes, at: offset)
                    if isSpace != lastIsSpace {
                        bounds.append(offset)
                        lastIsSpace = isSpace
                    }
                    offset += width
                }
            }
            bounds.append(bytes.count)
            self.bytes = bytes
            self.bounds = bounds
        }

        /// Whether the scalar at `offset` of valid UTF-8 `bytes` is whitespace, and its width in
        /// bytes: read from the bytes, an ASCII one without decoding.
        private static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> (isSpace: Bool, width: Int) {
            let lead = bytes[offset]
            if lead < 0x80 { return (lead == 0x20 || (0x09...0x0D).contains(lead), 1) }
            let width = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
            var value = UInt32(lead) & (0x7F >> width)
            for continuation in bytes[(offset + 1)..<(offset + width)] { value = value << 6 | UInt32(continuation & 0x3F) }
            return (Unicode.Scalar(value).map(WordDifference.isWhitespace) ?? false, width)
        }

        var count: Int { self.bounds.count - 1 }

        /// The text of pieces `pieces`, whitespace included.
        func text(_ pieces: Range<Int>) -> String {
            String(decoding: self.bytes[self.bounds[pieces.lowerBound]..<self.bounds[pieces.upperBound]], as: UTF8.self)
        }
    }

    /// Numbers pieces so that pieces of the same bytes, in either text, get the same number: an
    /// open-addressing table keyed by each piece's FNV-1a hash, kept at most half full. Equal means
    /// byte for byte (a word recomposed differently is a change).
    struct PieceNumbering {
        /// Each slot's number, or -1 for none.
        private var slots = [Int32](repeating: -1, count: 1 << 10)
        private var hashes: [UInt64] = []
        /// The bytes of each number's piece, one after another, and where each begins and ends.
        private var stored: [UInt8] = []
        private var storedBounds: [Int] = [0]

        mutating func numbers(of pieces: Pieces) -> [Int] {
            var numbers: [Int] = []
            numbers.reserveCapacity(pieces.count)
            pieces.bytes.withUnsafeBufferPointer { bytes in
                for piece in 0..<pieces.count {
                    numbers.append(self.number(bytes[pieces.bounds[piece]..<pieces.bounds[piece + 1]]))
                }
            }
            return numbers
        }

        private mutating func number(_ piece: Slice<UnsafeBufferPointer<UInt8>>) -> Int {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in piece { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            let mask = self.slots.count - 1
            var slot = Self.slot(of: hash, mask: mask)
            while self.slots[slot] >= 0 {
                let known = Int(self.slots[slot])
                if self.hashes[known] == hash, self.stored[self.storedBounds[known]..<self.storedBounds[known + 1]].elementsEqual(piece) {
                    return known
                }
                slot = (slot + 1) & mask
            }
            let number = self.hashes.count
            self.hashes.append(hash)
            self.stored.append(contentsOf: piece)
            self.storedBounds.append(self.stored.count)
            self.slots[slot] = Int32(number)
            if self.hashes.count * 2 > self.slots.count { self.grow() }
            return number
        }

        /// Twice the slots, every number placed again.
        private mutating func grow() {
            self.slots = [Int32](repeating: -1, count: self.slots.count * 2)
            let mask = self.slots.count - 1
            for (number, hash) in self.hashes.enumerated() {
                var slot = Self.slot(of: hash, mask: mask)
                while self.slots[slot] >= 0 { slot = (slot + 1) & mask }
                self.slots[slot] = Int32(number)
            }
        }

        private static func slot(of hash: UInt64, mask: Int) -> Int {
            Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
        }
    }
}
