import Auth
import EndpointCore
import Storage

extension FuzzTarget {
    /// A date of birth as `account/join` reads it: `dob` text (`YYYY-MM-DD`), or a number field
    /// (`dob_year`; `dob_month` and `dob_day` are read by the same rule).
    ///
    /// Properties: an accepted date is in 1900 or later and its `YYYY-MM-DD` form reads back as the
    /// same date; a number field is refused only with a 400.
    static let dateOfBirth = FuzzTarget(name: "date-of-birth") { input in
        let text = input.lossyText
        if let parts = DateOfBirth.components(ofISO: text), let date = DateOfBirth(year: parts.year, month: parts.month, day: parts.day, now: UnixTime.now) {
            guard date.year >= 1900, DateOfBirth.components(ofISO: date.description).map({ [$0.year, $0.month, $0.day] }) == [date.year, date.month, date.day]
            else { return "an accepted date does not read back: \(date)" }
        }
        let fields = RequestParameters(post: ["dob_year": text], query: [:])
        do throws(EndpointError) {
            _ = try fields.optionalInteger("dob_year")
        } catch {
            return error.status == 400 ? nil : "a number field refused with status \(error.status)"
        }
        return nil
    }
}
