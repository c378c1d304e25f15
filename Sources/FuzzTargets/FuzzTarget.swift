/// A parser that reads bytes from outside (a client, a mail server), wrapped for fuzzing: it is fed
/// any bytes at all and checks the properties its answers must have, beyond not crashing.
///
/// libFuzzer drives these through `endpoint-fuzz` (`scripts/fuzz.sh`); `FuzzTargetsTests` replays
/// every committed seed and regression input through them in the ordinary test run.
public struct FuzzTarget: Sendable {
    /// The name `scripts/fuzz.sh` and the `fuzz/` folders use.
    public let name: String
    /// Feeds one input; a description of the property it broke, or nil when all held.
    public let check: @Sendable ([UInt8]) -> String?

    public static let all: [FuzzTarget] = [
        .dispatch, .form, .multipart, .cookie, .json, .commandrPath, .smtpReply, .dateOfBirth, .timezone, .newsParameters, .httpDate,
        .imageUpload, .mediaReference, .searchQuery, .htmlAllowlist, .comcode, .markdown, .dumpReader, .renderChild,
    ]

    /// The target called `name`.
    public static func named(_ name: String) -> FuzzTarget? {
        Self.all.first { $0.name == name }
    }
}

extension [UInt8] {
    /// The bytes as text the way the server receives text it did not validate (the HTTP parser's
    /// header and target strings): invalid UTF-8 becomes U+FFFD.
    var lossyText: String { String(decoding: self, as: UTF8.self) }

    /// The first line (without its newline) and the bytes after it; the whole input and nothing when
    /// there is no newline. Targets that take two inputs (a method and a target, a boundary and a
    /// body) read them this way.
    var splitAtFirstLine: (line: [UInt8], rest: [UInt8]) {
        guard let newline = self.firstIndex(of: UInt8(ascii: "\n")) else { return (self, []) }
        return (Array(self[..<newline]), Array(self[(newline + 1)...]))
    }
}
