import Auth
import EndpointCore
import Foundation
import Messages
import Storage
import Text

/// Checks `/etc/<option>` edits against the option's declared ``ConfigOption/Kind`` before they apply
/// to the running server. Options no module declares (a Composr import's) accept any text of at most
/// 4,000 characters.
enum ConfigOptionRule {
    /// `value` as it is to be stored in option `name`, or the error saying what the option needs.
    static func check(_ value: String, option name: String) throws(EndpointError) -> String {
        let kind = ConfigOption.declared.first { $0.name == name }?.kind ?? .text(maximumLength: 4000)
        let trimmed = value.trimmingWhitespace
        switch kind {
        case .flag:
            guard trimmed == "0" || trimmed == "1" else { throw .refused(.optionExpectsFlag, name) }
            return trimmed
        case .integer(let range):
            guard let number = Int(trimmed), range.contains(number) else {
                throw .refused(.optionExpectsInteger, name, String(range.lowerBound), String(range.upperBound))
            }
            return String(number)
        case .timezone:
            guard TimezoneName.isKnown(trimmed) else { throw .refused(.optionExpectsTimezone, name) }
            return trimmed
        case .language:
            return try Self.languageCode(trimmed, option: name)
        case .text(let maximumLength), .list(let maximumLength):
            guard TextLength.fits(value, atMost: maximumLength), !value.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\n" && $0 != "\t" }) else {
                throw .refused(.optionExpectsText, name, String(maximumLength))
            }
            return value
        }
    }

    /// The code of the server's language that `value` names (`fr`, `fr-CA` and `FR` all name `FR`), or
    /// the error listing the languages there are.
    static func languageCode(_ value: String, option name: String) throws(EndpointError) -> String {
        guard let catalog = Languages.bundled.catalog(named: value) else {
            throw .refused(.optionExpectsLanguage, name, Languages.bundled.codes.joined(separator: ", "))
        }
        return catalog.languageCode
    }
}
