import Foundation

/// Times as the console shows and reads them: UTC, to the minute, `YYYY-MM-DD HH:MM` (a browser's
/// `datetime-local` field sends a `T` between date and time, read too).
enum ConsoleTime {
    static func text(_ unixTime: Int) -> String {
        let components = Self.calendar.dateComponents([.year, .month, .day, .hour, .minute], from: Date(timeIntervalSince1970: TimeInterval(unixTime)))
        let (year, month, day) = (components.year ?? 1970, components.month ?? 1, components.day ?? 1)
        return
            "\(Self.digits(year, 4))-\(Self.digits(month, 2))-\(Self.digits(day, 2)) \(Self.digits(components.hour ?? 0, 2)):\(Self.digits(components.minute ?? 0, 2))"
    }

    /// The Unix time `text` names; nil when it is not such a time (or not a real date).
    static func parse(_ text: String) -> Int? {
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "T" })
        guard parts.count == 2 else { return nil }
        let date = parts[0].split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
        let time = parts[1].split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
        guard date.count == 3, time.count == 2, let year = date[0], let month = date[1], let day = date[2], let hour = time[0], let minute = time[1],
            (1970...9999).contains(year), (1...12).contains(month), (0...23).contains(hour), (0...59).contains(minute)
        else { return nil }
        let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute)
        guard components.isValidDate(in: Self.calendar), let moment = Self.calendar.date(from: components) else { return nil }
        return Int(moment.timeIntervalSince1970)
    }

    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    private static func digits(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
