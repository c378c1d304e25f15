/// A path segment as it arrived, read back to the text it names however the client encoded it.
///
/// The router hands path parameters over still percent-encoded. Clients encode more than they must:
/// Floki clients escape every character outside `[A-Za-z0-9;/?:@&=_+.,%]` in the URLs they are given
/// (`-` becomes `%2d`, `é` becomes its Latin-1 code `%e9`), browsers send UTF-8 (`%C3%A9`). So escapes
/// of either case are decoded as UTF-8, and a segment whose bytes are not UTF-8 is read as Latin-1,
/// where every byte is a character.
package enum PathSegment {
    /// The decoded text of `raw`; `raw` itself when an escape is malformed (`%` not followed by two
    /// hex digits), so nothing that was not encoded is changed.
    package static func decode(_ raw: some StringProtocol) -> String {
        guard raw.utf8.contains(UInt8(ascii: "%")) else { return String(raw) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(raw.utf8.count)
        var input = raw.utf8.makeIterator()
        while let byte = input.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = input.next().flatMap(FormURLEncoding.hexValue), let low = input.next().flatMap(FormURLEncoding.hexValue) else {
                return String(raw)
            }
            bytes.append(high << 4 | low)
        }
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }
}
