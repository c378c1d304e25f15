import Foundation

/// The one byte range a `Range` header asks of a file (RFC 9110 §14): `bytes=first-last`,
/// `bytes=first-` or `bytes=-suffix`. A request for several ranges, or in another unit, is answered
/// whole (a server may ignore `Range`); a range starting past the end cannot be satisfied (416).
enum ByteRange: Equatable {
    /// Bytes `first` through `last`, both within the file.
    case part(first: Int, last: Int)
    /// The whole file.
    case whole
    /// Nothing of the file: past its end, or an empty file.
    case unsatisfiable

    init(header: String?, size: Int) {
        guard let header, header.hasPrefix("bytes="), !header.contains(",") else {
            self = .whole
            return
        }
        let spec = header.dropFirst("bytes=".count).trimmingCharacters(in: .whitespaces)
        guard let dash = spec.firstIndex(of: "-") else {
            self = .whole
            return
        }
        let start = spec[..<dash]
        let end = spec[spec.index(after: dash)...]
        guard start.allSatisfy(\.isASCIIDigitForRange), end.allSatisfy(\.isASCIIDigitForRange), !(start.isEmpty && end.isEmpty) else {
            self = .whole
            return
        }
        if start.isEmpty {
            // The last `suffix` bytes.
            guard let suffix = Int(end), suffix > 0, size > 0 else {
                self = .unsatisfiable
                return
            }
            self = .part(first: max(0, size - suffix), last: size - 1)
            return
        }
        guard let first = Int(start), first < size else {
            self = .unsatisfiable
            return
        }
        let last = end.isEmpty ? size - 1 : min(Int(end) ?? Int.max, size - 1)
        self = last >= first ? .part(first: first, last: last) : .whole
    }
}

extension Character {
    fileprivate var isASCIIDigitForRange: Bool { ("0"..."9").contains(self) }
}
