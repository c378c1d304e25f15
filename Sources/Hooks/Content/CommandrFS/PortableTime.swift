import EndpointCore
import Foundation

/// Times in `.cms` properties: `"YYYY-MM-DD HH:MM:SS"` in the server's time zone (UTC here), or null
/// (reference §5.3).
enum PortableTime {
    static func json(_ time: Int?) -> JSONValue {
        guard let time else { return .null }
        let parts = Self.calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: TimeInterval(time)))
        func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
        return .string(
            "\(String(format: "%04d", parts.year ?? 1970))-\(two(parts.month))-\(two(parts.day)) \(two(parts.hour)):\(two(parts.minute)):\(two(parts.second))")
    }

    /// The Unix time of `text`, or nil when it is not in the portable format.
    static func parse(_ text: String) -> Int? {
        let pieces = text.split(whereSeparator: { $0 == "-" || $0 == " " || $0 == ":" }).map { Int($0) }
        guard pieces.count == 6, pieces.allSatisfy({ $0 != nil }) else { return nil }
        let values = pieces.map { $0! }
        let components = DateComponents(year: values[0], month: values[1], day: values[2], hour: values[3], minute: values[4], second: values[5])
        guard components.isValidDate(in: Self.calendar), let date = Self.calendar.date(from: components) else { return nil }
        return Int(date.timeIntervalSince1970)
    }

    private static var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }
}
