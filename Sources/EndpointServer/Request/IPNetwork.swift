#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An IP address or a CIDR block (`192.0.2.7`, `10.0.0.0/8`, `2001:db8::/32`), as `--trusted-proxy`
/// names reverse proxies.
///
/// IPv4-mapped IPv6 addresses (`::ffff:192.0.2.7`, what a dual-stack listener reports for IPv4 peers)
/// stand for the IPv4 address they carry, on either side of the comparison, so a proxy named by its
/// IPv4 address is recognised however the socket reports it.
public struct IPNetwork: Sendable, Hashable, CustomStringConvertible {
    /// The network's address: 4 bytes (IPv4) or 16 (IPv6).
    private let bytes: [UInt8]
    private let prefixLength: Int

    /// Parses `address` or `address/prefix`; nil for anything else (a host name, a prefix out of range).
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let bytes = Self.address(String(parts[0])) else { return nil }
        let maximum = bytes.count * 8
        var prefixLength = maximum
        if parts.count == 2 {
            guard let length = Int(parts[1]), parts[1].allSatisfy(\.isNumber) else { return nil }
            // A mapped IPv6 prefix counts the 96 bits before the IPv4 address.
            prefixLength = Self.isMapped(String(parts[0])) ? length - 96 : length
        }
        guard (0...maximum).contains(prefixLength) else { return nil }
        self.bytes = bytes
        self.prefixLength = prefixLength
    }

    /// Whether the address `text` lies in this network (false for text that is no address).
    public func contains(_ text: String) -> Bool {
        guard let address = Self.address(text), address.count == self.bytes.count else { return false }
        var remaining = self.prefixLength
        for (mine, theirs) in zip(self.bytes, address) where remaining > 0 {
            let mask: UInt8 = remaining >= 8 ? 0xFF : ~(0xFF >> UInt8(remaining))
            guard mine & mask == theirs & mask else { return false }
            remaining -= 8
        }
        return true
    }

    public var description: String {
        let text =
            self.bytes.count == 4
            ? self.bytes.map(String.init).joined(separator: ".")
            : stride(from: 0, to: 16, by: 2).map { String(UInt16(self.bytes[$0]) << 8 | UInt16(self.bytes[$0 + 1]), radix: 16) }.joined(separator: ":")
        return "\(text)/\(self.prefixLength)"
    }

    /// The bytes of an IPv4 or IPv6 address, an IPv4-mapped IPv6 address as its IPv4 bytes.
    private static func address(_ text: String) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: 16)
        if inet_pton(AF_INET, text, &bytes) == 1 { return Array(bytes.prefix(4)) }
        guard inet_pton(AF_INET6, text, &bytes) == 1 else { return nil }
        return Self.isMapped(bytes) ? Array(bytes[12...]) : bytes
    }

    private static func isMapped(_ text: String) -> Bool {
        var bytes = [UInt8](repeating: 0, count: 16)
        return inet_pton(AF_INET6, text, &bytes) == 1 && Self.isMapped(bytes)
    }

    private static func isMapped(_ bytes: [UInt8]) -> Bool {
        bytes[0..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF
    }
}
