public import Foundation

/// A date of birth as given at join: a real calendar date, not in the future, not before 1900.
public struct DateOfBirth: Sendable, Equatable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// The date, or nil when it is not a real date in the accepted range as of `now` (Unix seconds).
    public init?(year: Int, month: Int, day: Int, now: Int) {
        let today = Date(timeIntervalSince1970: TimeInterval(now))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        guard year >= 1900, (1...12).contains(month), day >= 1,
            let date = calendar.date(from: DateComponents(year: year, month: month, day: day)),
            calendar.component(.day, from: date) == day, calendar.component(.month, from: date) == month,
            date <= today
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses `YYYY-MM-DD` (one- or two-digit month and day accepted); nil when it has another shape.
    public static func components(ofISO text: String) -> (year: Int, month: Int, day: Int)? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, (1...2).contains(parts[1].count), (1...2).contains(parts[2].count),
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        return (year, month, day)
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
        return "\(self.year)-\(two(self.month))-\(two(self.day))"
    }
}
