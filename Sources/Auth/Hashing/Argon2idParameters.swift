public import Storage

/// Cost settings for new Argon2id password hashes.
///
/// The default is the OWASP baseline (19 MiB, 2 passes, 1 lane), about 25 ms a hash on our machines.
/// Stored hashes with weaker settings are re-hashed at the next successful login.
public struct Argon2idParameters: Sendable, Equatable {
    /// Memory in KiB.
    public var memoryKiB: UInt32
    /// Passes over memory.
    public var iterations: UInt32
    /// Lanes.
    public var parallelism: UInt32

    public static let owaspBaseline = Argon2idParameters(memoryKiB: 19_456, iterations: 2, parallelism: 1)

    public init(memoryKiB: UInt32, iterations: UInt32, parallelism: UInt32) {
        self.memoryKiB = memoryKiB
        self.iterations = iterations
        self.parallelism = parallelism
    }

    /// The parameters from the `argon2_memory_kib`, `argon2_iterations` and `argon2_parallelism`
    /// config options; their ranges start at the OWASP baseline, so weaker values read as it.
    public init(options: ConfigOptions) {
        self.init(
            memoryKiB: UInt32(options.integer(.argon2MemoryKiB)), iterations: UInt32(options.integer(.argon2Iterations)),
            parallelism: UInt32(options.integer(.argon2Parallelism))
        )
    }

    /// Reads the parameters out of an encoded hash (`$argon2id$v=19$m=…,t=…,p=…$salt$hash`).
    public init?(encoded: String) {
        let fields = encoded.split(separator: "$")
        guard fields.count == 5, fields[0] == "argon2id", fields[1] == "v=19" else { return nil }
        var values: [Substring: UInt32] = [:]
        for pair in fields[2].split(separator: ",") {
            let parts = pair.split(separator: "=")
            guard parts.count == 2, let value = UInt32(parts[1]) else { return nil }
            values[parts[0]] = value
        }
        guard let m = values["m"], let t = values["t"], let p = values["p"] else { return nil }
        self.init(memoryKiB: m, iterations: t, parallelism: p)
    }

    /// Whether a hash made with `self` is at least as costly as one made with `other` on every axis.
    public func isAtLeast(_ other: Argon2idParameters) -> Bool {
        self.memoryKiB >= other.memoryKiB && self.iterations >= other.iterations && self.parallelism >= other.parallelism
    }
}
