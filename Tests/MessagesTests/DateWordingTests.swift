import Foundation
import Testing

@testable import Messages

/// Dates worded as Composr words them, in the viewer's time zone.
@Suite struct DateWordingTests {
    /// Monday 23rd November 2026, 11:16 PM UTC.
    static let now = 1_795_475_760
    static let utc = DateWording(catalog: MessageCatalog.english, timeZone: TimeZone(identifier: "UTC")!)

    @Test func momentsAreContextual() {
        let wording = Self.utc
        #expect(wording.moment(1_795_475_760, now: Self.now) == "11:16 PM")
        #expect(wording.moment(1_795_424_700, now: Self.now) == "9:05 AM")
        #expect(wording.moment(1_795_359_840, now: Self.now) == "Yesterday, 3:04 PM")
        #expect(wording.moment(1_794_902_400, now: Self.now) == "Tue 8:00 AM", "six days before: the weekday")
        #expect(wording.moment(1_794_816_000, now: Self.now) == "16th November 2026, 8:00 AM", "a week before: the date")
        #expect(wording.moment(1_457_190_240, now: Self.now) == "5th March 2016, 3:04 PM")
        #expect(wording.moment(1_795_482_000, now: Self.now) == "24th November 2026, 1:00 AM", "the future is never 'today'")
    }

    @Test func midnightUTCIsADayWithoutATime() {
        #expect(Self.utc.moment(1_767_225_600, now: Self.now) == "1st January 2026")
    }

    @Test func theDayIsTheViewersDay() {
        let paris = DateWording(catalog: MessageCatalog.english, timeZone: TimeZone(identifier: "Europe/Paris")!)
        // 11:16 PM UTC is 12:16 AM on the 24th in Paris, which is "today" there; 9:05 AM UTC on the 23rd is yesterday.
        #expect(paris.moment(1_795_475_760, now: Self.now) == "12:16 AM")
        #expect(paris.moment(1_795_424_700, now: Self.now) == "Yesterday, 10:05 AM")
    }

    @Test func birthdaysWithAndWithoutTheYear() {
        #expect(Self.utc.day(year: 1990, month: 3, day: 5, withYear: true) == "5th March 1990")
        #expect(Self.utc.day(year: 1990, month: 3, day: 5, withYear: false) == "5th March")
        #expect(Self.utc.day(year: 1963, month: 12, day: 22, withYear: true) == "22nd December 1963", "before 1970 too")
        #expect(Self.utc.day(year: 1990, month: 13, day: 5, withYear: true) == "", "no such month")
    }

    @Test func englishOrdinals() {
        let catalog = MessageCatalog.english
        let suffixes = [1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 30, 31].map { "\($0)\(catalog.ordinalSuffix($0))" }
        #expect(suffixes == ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "30th", "31st"])
    }

    @Test func frenchAndGermanDatesFollowTheirCatalogs() throws {
        let utc = TimeZone(identifier: "UTC")!
        let french = DateWording(catalog: try #require(Languages.bundled.catalog(named: "FR")), timeZone: utc)
        let german = DateWording(catalog: try #require(Languages.bundled.catalog(named: "DE")), timeZone: utc)
        #expect(french.moment(1_457_190_240, now: Self.now) == "5 mars 2016 à 15:04")
        #expect(french.day(year: 1990, month: 3, day: 1, withYear: true) == "1er mars 1990")
        #expect(french.moment(1_795_359_840, now: Self.now) == "Hier à 15:04")
        #expect(german.moment(1_457_190_240, now: Self.now) == "5. März 2016, 15:04")
        #expect(german.day(year: 1990, month: 3, day: 1, withYear: false) == "1. März")
    }

    @Test func strftimeDirectives() {
        let date = Date(timeIntervalSince1970: 1_795_424_700)
        #expect(Self.utc.format("%A %a %d %e %b %B %Y %H:%M %I %l %p", date) == "Monday Mon 23 23 Nov November 2026 09:05 09 9 AM")
        #expect(Self.utc.format("100%% %q %", date) == "100% %q %", "unknown directives stay as written")
    }

    @Test func everyDatePatternOfTheCatalogIsUnderstood() {
        let patterns: [MessageID] = [.dateToday, .dateYesterday, .dateThisWeek, .dateAndTime, .dateOnly, .dateWithoutYear]
        for catalog in Languages.bundled.catalogs {
            let wording = DateWording(catalog: catalog, timeZone: TimeZone(identifier: "UTC")!)
            for id in patterns {
                let rendered = wording.format(catalog.template(for: id), Date(timeIntervalSince1970: 1_795_424_700))
                #expect(!rendered.contains("%"), "\(catalog.languageCode) \(id.rawValue): \(rendered)")
            }
        }
    }
}
