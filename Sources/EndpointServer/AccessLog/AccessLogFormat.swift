/// How the access log writes a line: `text` as the server's other log lines read (swift-log's stream
/// format, keys sorted), `json` as one object per line (the keys of `--log-format json`'s lines).
/// Written byte by byte on the access log's thread: no `DateFormatter`, no `JSONSerialization`.
public enum AccessLogFormat: String, Sendable, CaseIterable {
    case text
    case json

    /// The line of `entry`, newline included, appended to `line`; `clock` gives the date of a second
    /// (kept from one line to the next: most lines of a second share it).
    func write(_ entry: AccessEntry, into line: inout [UInt8], clock: inout UTCSecond) {
        let fields = Self.fields(entry)
        switch self {
        case .text:
            line += clock.text(entry.seconds)
            line += Array(" info endpoint:".utf8)
            for (key, value) in fields {
                line.append(UInt8(ascii: " "))
                line += key.utf8
                line.append(UInt8(ascii: "="))
                line += value.utf8
            }
            line += Array(" [EndpointServer] request\n".utf8)
        case .json:
            var all = fields
            all += [("label", "endpoint"), ("level", "info"), ("message", "request"), ("time", clock.iso8601(entry.seconds, milliseconds: entry.milliseconds))]
            all.sort { $0.0 < $1.0 }
            line.append(UInt8(ascii: "{"))
            for (index, (key, value)) in all.enumerated() {
                if index > 0 { line.append(UInt8(ascii: ",")) }
                Self.quoted(key, into: &line)
                line.append(UInt8(ascii: ":"))
                Self.quoted(value, into: &line)
            }
            line += Array("}\n".utf8)
        }
    }

    /// The entry's metadata, keys sorted (`hb.request.id` is the request ID Hummingbird puts on every
    /// line of the request, as the other log lines carry it).
    static func fields(_ entry: AccessEntry) -> [(String, String)] {
        let fraction = entry.microseconds % 1000
        let duration = "\(entry.microseconds / 1000)." + (fraction < 10 ? "00" : fraction < 100 ? "0" : "") + String(fraction)
        var fields: [(String, String)] = [
            ("client_ip", entry.clientIP), ("duration_ms", duration), ("hb.request.id", entry.requestID),
        ]
        if let hook = entry.hook { fields.append(("hook", hook)) }
        fields += [
            ("member", entry.memberID.map(String.init) ?? "guest"), ("method", entry.method), ("path", entry.path),
            ("request_id", entry.requestID), ("status", String(entry.status)),
        ]
        if let type = entry.type { fields.append(("type", type)) }
        return fields
    }

    /// `text` as a JSON string: `"` and `\` escaped, control characters as `\u00XX`, the rest as is.
    static func quoted(_ text: String, into line: inout [UInt8]) {
        line.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                line += [UInt8(ascii: "\\"), byte]
            case 0..<0x20:
                line += Array("\\u00".utf8) + [Self.hex[Int(byte >> 4)], Self.hex[Int(byte & 0xF)]]
            default:
                line.append(byte)
            }
        }
        line.append(UInt8(ascii: "\""))
    }

    private static let hex = Array("0123456789abcdef".utf8)
}
