public import Foundation

/// Dates as Composr words them for people (`get_timezoned_date`): contextual for moments ("11:16 PM"
/// today, "Yesterday, 11:16 PM", "Mon 11:16 PM" within the week, "5th March 2016, 11:16 PM" before),
/// plain for days ("5th March 1990", "5th March").
///
/// The patterns are the catalog's, in the strftime notation Composr's language files use, so a
/// translation changes the order and the words without code; month and weekday names and the AM/PM
/// marks come from the catalog's locale, the ordinal suffix (`%o`) from the catalog.
public struct DateWording: Sendable {
    private let catalog: MessageCatalog
    private let calendar: Calendar

    /// Dates worded with `catalog` as they fall in `timeZone`.
    public init(catalog: MessageCatalog, timeZone: TimeZone) {
        self.catalog = catalog
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        calendar.locale = catalog.locale
        self.calendar = calendar
    }

    /// The moment `unixTime` as seen at `now`. As in Composr, a moment at exactly midnight UTC is taken
    /// for a day without a time.
    public func moment(_ unixTime: Int, now: Int) -> String {
        let date = Date(timeIntervalSince1970: TimeInterval(unixTime))
        guard unixTime % 86_400 != 0 else { return self.format(self.catalog.template(for: .dateOnly), date) }
        let days =
            self.calendar.dateComponents(
                [.day],
                from: self.calendar.startOfDay(for: date),
                to: self.calendar.startOfDay(for: Date(timeIntervalSince1970: TimeInterval(now)))
            ).day ?? .max
        let pattern: MessageID =
            switch days {
            case 0: .dateToday
            case 1: .dateYesterday
            case 2..<7: .dateThisWeek
            default: .dateAndTime
            }
        return self.format(self.catalog.template(for: pattern), date)
    }

    /// The day of `unixTime`, with its year (a news item's date).
    public func date(_ unixTime: Int) -> String {
        self.format(self.catalog.template(for: .dateOnly), Date(timeIntervalSince1970: TimeInterval(unixTime)))
    }

    /// The moment `unixTime` with its full date and time, whenever it is (for mails, read later).
    public func dateAndTime(_ unixTime: Int) -> String {
        self.format(self.catalog.template(for: .dateAndTime), Date(timeIntervalSince1970: TimeInterval(unixTime)))
    }

    /// A calendar day (a date of birth), with or without its year; empty for a day that does not exist.
    public func day(year: Int, month: Int, day: Int, withYear: Bool) -> String {
        var components = DateComponents(year: year, month: month, day: day, hour: 12)
        components.calendar = self.calendar
        guard components.isValidDate(in: self.calendar), let date = self.calendar.date(from: components) else { return "" }
        return self.format(self.catalog.template(for: withYear ? .dateOnly : .dateWithoutYear), date)
    }

    /// `pattern` with its strftime directives filled in for `date`; unknown directives stay as written.
    func format(_ pattern: String, _ date: Date) -> String {
        let parts = self.calendar.dateComponents([.year, .month, .day, .hour, .minute, .weekday], from: date)
        let (year, month, day) = (parts.year ?? 0, parts.month ?? 1, parts.day ?? 1)
        let (hour, minute, weekday) = (parts.hour ?? 0, parts.minute ?? 0, parts.weekday ?? 1)
        let hour12 = hour % 12 == 0 ? 12 : hour % 12
        var output = ""
        var directive = false
        for character in pattern {
            guard directive else {
                if character == "%" { directive = true } else { output.append(character) }
                continue
            }
            directive = false
            switch character {
            case "a": output += self.calendar.shortWeekdaySymbols[weekday - 1]
            case "A": output += self.calendar.weekdaySymbols[weekday - 1]
            case "b": output += self.calendar.shortMonthSymbols[month - 1]
            case "B": output += self.calendar.monthSymbols[month - 1]
            case "d": output += Self.twoDigits(day)
            case "e": output += String(day)
            case "o": output += self.catalog.ordinalSuffix(day)
            case "Y": output += String(year)
            case "H": output += Self.twoDigits(hour)
            case "I": output += Self.twoDigits(hour12)
            case "l": output += String(hour12)
            case "M": output += Self.twoDigits(minute)
            case "p": output += (hour < 12 ? self.calendar.amSymbol : self.calendar.pmSymbol).uppercased()
            case "%": output += "%"
            default: output += "%" + String(character)
            }
        }
        return directive ? output + "%" : output
    }

    private static func twoDigits(_ number: Int) -> String {
        number < 10 ? "0\(number)" : String(number)
    }
}
