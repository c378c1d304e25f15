public import Text

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension RateLimit {
    /// What an action is counted against: where it comes from, or whom it concerns.
    public struct Subject: Sendable, Hashable {
        /// The text stored in `rate_events.subject`.
        public let key: String

        private init(key: String) {
            self.key = key
        }

        /// The network of a client address: the address itself for IPv4, its /64 for IPv6.
        ///
        /// An IPv6 client is handed a whole /64 and can rotate through it at will, so counting single
        /// IPv6 addresses would let one host slip past every per-address limit. IPv4-mapped IPv6
        /// addresses count as the IPv4 address they carry; text that is no address counts as itself.
        public static func address(_ ip: String) -> Subject {
            Subject(key: "net:" + Self.network(of: ip))
        }

        /// A member, whatever network it acts from.
        public static func member(_ id: Int) -> Subject {
            Subject(key: "member:\(id)")
        }

        /// A login name (lowercased, at most 255 characters), existing or not.
        public static func login(_ name: String) -> Subject {
            Subject(key: "login:" + Self.normalised(name))
        }

        /// A login name tried from one network.
        public static func login(_ name: String, at ip: String) -> Subject {
            Subject(key: "login_at:" + Self.normalised(name) + "\n" + Self.network(of: ip))
        }

        private static func normalised(_ name: String) -> String {
            TextLength.prefix(name.lowercased(), 255)
        }

        /// `192.0.2.7` → `192.0.2.7`; `2001:db8:0:1:a::1` → `2001:db8:0:1::/64`.
        static func network(of ip: String) -> String {
            var v4 = in_addr()
            if inet_pton(AF_INET, ip, &v4) == 1 { return ip }
            var v6 = in6_addr()
            guard inet_pton(AF_INET6, ip, &v6) == 1 else { return ip }
            let bytes = withUnsafeBytes(of: &v6) { Array($0) }
            if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF {
                return bytes[12...].map(String.init).joined(separator: ".")
            }
            let groups = stride(from: 0, to: 8, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }
            return groups.joined(separator: ":") + "::/64"
        }
    }
}
