/// FNV-1a, 64 bits: a digest that is the same in every process and on every machine (Swift's
/// `Hasher` is seeded per process), for keys and versions that several instances must agree on.
enum FNV1a {
    static func digest(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var digest: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { digest = (digest ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return digest
    }

    /// The digest of `parts` joined by NUL, which none of them contains in practice.
    static func digest(_ parts: [String]) -> UInt64 {
        self.digest(parts.joined(separator: "\u{0}").utf8)
    }
}
