extension WordDifference {
    /// A text's UTF-8 bytes parted into pieces: words and the whitespace runs between them, in order.
    /// Pieces are byte ranges of the text's own storage (valid while its `withUTF8` runs), not strings
    /// or a copy, so parting a 1 MB body makes no string per word.
    struct Pieces {
        let bytes: UnsafeBufferPointer<UInt8>
        /// Where each piece begins, then where the text ends.
        let bounds: [Int]

        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            var bounds: [Int] = []
            // Room for the most pieces a text can have, reserved rather than grown: growing copied the
            // array each time it doubled, and pages reserved but never written cost nothing.
            bounds.reserveCapacity(bytes.count + 1)
            // Whether the last piece is whitespace: 1, 0, or -1 before the first.
            var lastIsSpace: Int8 = -1
            var offset = 0
            while offset < bytes.count {
                let lead = bytes[offset]
                let (isSpace, width) = lead < 0x80 ? (lead == 0x20 || lead &- 0x09 <= 4, 1) : Self.scalar(in: bytes, at: offset)
                let state: Int8 = isSpace ? 1 : 0
                if state != lastIsSpace {
                    bounds.append(offset)
                    lastIsSpace = state
                }
                offset += width
            }
            bounds.append(bytes.count)
            self.bytes = bytes
            self.bounds = bounds
        }

        /// Whether the non-ASCII scalar at `offset` of valid UTF-8 `bytes` is whitespace, and its
        /// width in bytes.
        private static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> (isSpace: Bool, width: Int) {
            let lead = bytes[offset]
            let width = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
            var value = UInt32(lead) & (0x7F >> width)
            for continuation in bytes[(offset + 1)..<(offset + width)] { value = value << 6 | UInt32(continuation & 0x3F) }
            return (Unicode.Scalar(value).map(WordDifference.isWhitespace) ?? false, width)
        }

        var count: Int { self.bounds.count - 1 }

        /// The bytes of pieces `pieces`, whitespace included.
        func bytes(_ pieces: Range<Int>) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: self.bytes[self.bounds[pieces.lowerBound]..<self.bounds[pieces.upperBound]])
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

        /// Each piece's number, as 32 bits: a text has fewer than 2³¹ pieces, and half the memory
        /// made comparing two long texts measurably faster.
        mutating func numbers(of pieces: Pieces) -> [Int32] {
            var numbers: [Int32] = []
            numbers.reserveCapacity(pieces.count)
            for piece in 0..<pieces.count {
                numbers.append(Int32(self.number(pieces.bytes(piece..<piece + 1))))
            }
            return numbers
        }

        private mutating func number(_ piece: UnsafeBufferPointer<UInt8>) -> Int {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in piece { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            let mask = self.slots.count - 1
            var slot = Self.slot(of: hash, mask: mask)
            while self.slots[slot] >= 0 {
                let known = Int(self.slots[slot])
                if self.hashes[known] == hash, self.isStored(known, piece) { return known }
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

        /// Whether number `known`'s piece is `piece`, byte for byte (by index: the standard library's
        /// `elementsEqual`, through iterators, was a third of numbering two long texts).
        private func isStored(_ known: Int, _ piece: UnsafeBufferPointer<UInt8>) -> Bool {
            let start = self.storedBounds[known]
            guard self.storedBounds[known + 1] - start == piece.count else { return false }
            return self.stored.withUnsafeBufferPointer { stored in
                var index = 0
                while index < piece.count, stored[start + index] == piece[index] { index += 1 }
                return index == piece.count
            }
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
