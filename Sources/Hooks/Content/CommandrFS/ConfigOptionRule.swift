import Accounts
import Auth
import EndpointCore
import Foundation
import Messages

/// What values a config option accepts, so `/etc/<option>` edits are checked before they apply to the
/// running server. Options without a rule here accept any text of at most 4,000 characters.
enum ConfigOptionRule: Sendable {
    case flag
    case integer(ClosedRange<Int>)
    case timezone
    case language
    case text(maximumLength: Int)

    static func rule(for name: String) -> ConfigOptionRule {
        if let rule = Self.rules[name] { return rule }
        if name.hasPrefix("login_throttle_") { return name.hasSuffix("_minutes") ? .integer(1...10_080) : .integer(1...100_000) }
        return .text(maximumLength: 4000)
    }

    /// `value` as it is to be stored, or the error saying what the option needs.
    func check(_ value: String, option name: String) throws(EndpointError) -> String {
        let trimmed = value.trimmingWhitespace
        switch self {
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
        case .text(let maximumLength):
            guard value.count <= maximumLength, !value.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\n" && $0 != "\t" }) else {
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

    private static let rules: [String: ConfigOptionRule] = [
        "site_name": .text(maximumLength: 200),
        "restricted_usernames": .text(maximumLength: 4000),
        "valid_email_domains": .text(maximumLength: 4000),
        "default_timezone": .timezone,
        "default_language": .language,
        "one_per_email_address": .flag,
        "email_confirm_join": .flag,
        "require_new_member_validation": .flag,
        "dobs": .flag,
        "prohibit_username_whitespace": .flag,
        "prohibit_password_whitespace": .flag,
        "minimum_username_length": .integer(1...80),
        "maximum_username_length": .integer(1...80),
        "minimum_password_length": .integer(1...255),
        "maximum_password_length": .integer(1...255),
        "email_confirm_hours": .integer(1...720),
        "password_reset_minutes": .integer(5...1440),
        "join_limit_per_ip_per_hour": .integer(1...100_000),
        "password_reset_limit_per_account_per_hour": .integer(1...1000),
        "password_reset_limit_per_ip_per_hour": .integer(1...100_000),
        "confirmation_mails_per_account_per_hour": .integer(1...1000),
        "pending_account_days": .integer(1...3650),
        "code_failures_per_ip_per_hour": .integer(1...100_000),
        "contact_us_limit_per_hour": .integer(1...100_000),
        "contact_us_limit_per_ip_per_hour": .integer(1...100_000),
        "session_idle_days": .integer(1...3650),
        "session_maximum_days": .integer(1...3650),
        "session_cache_seconds": .integer(0...300),
        "maintenance_interval_minutes": .integer(1...10_080),
        "outbox_retention_days": .integer(1...3650),
        "argon2_memory_kib": .integer(19_456...4_194_304),
        "argon2_iterations": .integer(1...100),
        "argon2_parallelism": .integer(1...64),
        "mail_retry_base_seconds": .integer(1...86_400),
        "mail_retry_max_seconds": .integer(1...604_800),
        "mail_max_attempts": .integer(1...1000),
        "push_token_refresh_seconds": .integer(0...604_800),
        "push_tokens_per_ip_per_hour": .integer(1...1_000_000),
        "push_tokens_per_member_per_hour": .integer(1...100_000),
        "push_token_retention_days": .integer(1...3650),
        "news_max_age_seconds": .integer(0...86_400),
        "news_sync_retention_days": .integer(1...3650),
        "news_push_on_publish": .flag,
        "news_search_per_minute": .integer(1...100_000),
    ]
}
