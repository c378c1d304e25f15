public import EndpointCore
import Foundation
public import Messages
public import Storage
import Text

/// Checks a config option's new value against its declared ``ConfigOption/Kind`` before it applies to
/// the running server, whoever writes it (`/etc/<option>` in commandr_fs, the console's settings).
/// Options no module declares (a Composr import's) accept any text of at most 4,000 characters.
public enum ConfigOptionRule {
    /// The kind of an option no module declares.
    public static let undeclared = ConfigOption.Kind.text(maximumLength: 4000)

    /// `value` as it is to be stored in option `name` of `kind`, or the error saying what the option
    /// needs.
    public static func check(_ value: String, option name: String, kind: ConfigOption.Kind) throws(Refusal) -> String {
        let trimmed = value.trimmingWhitespace
        switch kind {
        case .flag:
            guard trimmed == "0" || trimmed == "1" else { throw .invalid(.optionExpectsFlag, name) }
            return trimmed
        case .integer(let range):
            guard let number = Int(trimmed), range.contains(number) else {
                throw .invalid(.optionExpectsInteger, name, String(range.lowerBound), String(range.upperBound))
            }
            return String(number)
        case .timezone:
            guard TimezoneName.isKnown(trimmed) else { throw .invalid(.optionExpectsTimezone, name) }
            return trimmed
        case .language:
            return try Self.languageCode(trimmed, option: name)
        case .text(let maximumLength), .list(let maximumLength):
            guard TextLength.fits(value, atMost: maximumLength), !value.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\n" && $0 != "\t" }) else {
                throw .invalid(.optionExpectsText, name, String(maximumLength))
            }
            return value
        }
    }

    /// The code of the server's language that `value` names (`fr`, `fr-CA` and `FR` all name `FR`), or
    /// the error listing the languages there are.
    public static func languageCode(_ value: String, option name: String) throws(Refusal) -> String {
        guard let catalog = Languages.bundled.catalog(named: value) else {
            throw .invalid(.optionExpectsLanguage, name, Languages.bundled.codes.joined(separator: ", "))
        }
        return catalog.languageCode
    }
}
