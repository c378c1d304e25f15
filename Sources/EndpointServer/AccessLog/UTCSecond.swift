/// A second since 1970 as a UTC date, computed from the number alone (the civil calendar from the
/// count of days, as Howard Hinnant's `civil_from_days`), and kept for the next line of that second.
struct UTCSecond {
    private var second = Int.min
    private var date: [UInt8] = []

    /// `2026-11-28T19:34:36+0000`, as the text log writes times.
    mutating func text(_ seconds: Int) -> [UInt8] {
        self.prepare(seconds)
        return self.date + Array("+0000".utf8)
    }

    /// `2026-11-28T19:34:36.123Z`, as the JSON log writes times.
    mutating func iso8601(_ seconds: Int, milliseconds: Int) -> String {
        self.prepare(seconds)
        let fraction = milliseconds < 10 ? "00\(milliseconds)" : milliseconds < 100 ? "0\(milliseconds)" : String(milliseconds)
        return String(decoding: self.date, as: UTF8.self) + "." + fraction + "Z"
    }

    /// `yyyy-MM-ddTHH:mm:ss` of `seconds`, made once per second.
    private mutating func prepare(_ seconds: Int) {
        guard seconds != self.second else { return }
        self.second = seconds
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let inDay = seconds - days * 86_400
        let (year, month, day) = Self.civil(days: days)
        self.date = Array("\(Self.digits(year, 4))-\(Self.digits(month, 2))-\(Self.digits(day, 2))T".utf8)
        self.date += Array("\(Self.digits(inDay / 3600, 2)):\(Self.digits(inDay / 60 % 60, 2)):\(Self.digits(inDay % 60, 2))".utf8)
    }

    /// The year, month and day of the `days`th day since 1970-01-01.
    static func civil(days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func digits(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }
}
