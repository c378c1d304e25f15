import Messages
import Testing

@testable import Auth
@testable import Storage

/// The account rules on their own: Composr's checks and order, the differences we add, and the site's
/// options (no database needed).
@Suite struct AccountRulesTests {
    private static func violation(_ check: () throws(AccountRules.Violation) -> Void) -> MessageID? {
        do {
            try check()
            return nil
        } catch {
            return error.message
        }
    }

    @Suite struct Usernames {
        let rules = AccountRules()

        @Test(arguments: [
            ("ab", MessageID.usernameTooShort), ("averyveryverylongusername", .usernameTooLong), ("me@home.net", .usernameBadSymbols),
            ("12345", .usernameNumeric), ("1e5", .usernameNumeric), ("TheGuestUser", .usernameBadSubstring),
            ("site administrator", .usernameBadSubstring), ("tab\u{0}name", .usernameBadSymbols),
        ])
        func refused(username: String, message: MessageID) {
            #expect(AccountRulesTests.violation { () throws(AccountRules.Violation) in try self.rules.check(username: username) } == message)
        }

        @Test(arguments: ["alice", "Émile", "user.name", "a@b", "12345a"])
        func accepted(username: String) {
            #expect(AccountRulesTests.violation { () throws(AccountRules.Violation) in try self.rules.check(username: username) } == nil)
        }

        @Test func shapeIsCheckedBeforeThePasswordAndContentAfterIt() {
            let rules = AccountRules()
            #expect(AccountRulesTests.violation { () throws(AccountRules.Violation) in try rules.check(username: "ab", password: "x") } == .usernameTooShort)
            #expect(AccountRulesTests.violation { () throws(AccountRules.Violation) in try rules.check(username: "12345", password: "x") } == .passwordTooShort)
        }
    }

    @Suite struct Passwords {
        let rules = AccountRules()

        @Test(arguments: [
            ("", MessageID.passwordTooShort), ("short", .passwordTooShort), (String(repeating: "x", count: 256), .passwordTooLong),
            ("password1", .passwordTooCommon), ("Qwertyuiop", .passwordTooCommon),
        ])
        func refused(password: String, message: MessageID) {
            #expect(AccountRulesTests.violation { () throws(AccountRules.Violation) in try self.rules.check(password: password) } == message)
        }

        @Test func whitespaceIsAllowedUnlessProhibited() {
            #expect(AccountRulesTests.violation { () throws(AccountRules.Violation) in try self.rules.check(password: "two words here") } == nil)
            let strict = AccountRules(options: ConfigOptions(["prohibit_password_whitespace": "1"]))
            #expect(
                AccountRulesTests.violation { () throws(AccountRules.Violation) in try strict.check(password: "two words here") } == .usernamePasswordWhitespace
            )
        }

        @Test func theCommonListIsBuiltIn() {
            #expect(CommonPasswords.count == 30_000)
            #expect(CommonPasswords.contains("PASSWORD"))
            #expect(!CommonPasswords.contains("a sturdy passphrase"))
        }
    }

    @Suite struct EmailAddresses {
        let rules = AccountRules()

        @Test(arguments: ["not-an-address", "a b@example.com", "@example.com", "a@example", "a@example..com", "a<b@example.com"])
        func malformedAreRefused(email: String) {
            #expect(AccountRulesTests.violation { () throws(AccountRules.Violation) in try self.rules.check(email: email) } == .invalidEmailAddress)
        }

        @Test func domainsAreLimitedWhenConfigured() {
            let rules = AccountRules(options: ConfigOptions(["valid_email_domains": "example.org, corp.example.com"]))
            #expect(
                AccountRulesTests.violation { () throws(AccountRules.Violation) in try rules.checkDomain(email: "o@example.com") } == .emailDomainNotAccepted)
            #expect(AccountRulesTests.violation { () throws(AccountRules.Violation) in try rules.checkDomain(email: "i@EXAMPLE.org") } == nil)
            #expect(AccountRulesTests.violation { () throws(AccountRules.Violation) in try rules.checkDomain(email: "s@mail.corp.example.com") } == nil)
        }
    }

    @Test func optionsSetTheLimitsAndKeepComposrsFixedPhrases() {
        let rules = AccountRules(
            options: ConfigOptions([
                "minimum_username_length": "5", "maximum_username_length": "2", "minimum_password_length": "12", "restricted_usernames": "boss",
            ]))
        #expect(rules.minimumUsernameLength == 5)
        #expect(rules.maximumUsernameLength == 5, "a maximum below the minimum is raised to it")
        #expect(rules.minimumPasswordLength == 12)
        #expect(Set(rules.restrictedPhrases) == ["boss", "Guest", "unknown", "System"])
    }

    @Suite struct DatesOfBirth {
        @Test func realDatesInRangeOnly() {
            #expect(DateOfBirth(year: 1990, month: 3, day: 7, now: UnixTime.now)?.description == "1990-03-07")
            #expect(DateOfBirth(year: 2000, month: 2, day: 29, now: UnixTime.now) != nil)
            #expect(DateOfBirth(year: 1990, month: 2, day: 30, now: UnixTime.now) == nil)
            #expect(DateOfBirth(year: 1899, month: 12, day: 31, now: UnixTime.now) == nil)
            #expect(DateOfBirth(year: 2999, month: 1, day: 1, now: UnixTime.now) == nil)
        }

        @Test func isoTextIsParsedStrictly() {
            #expect(DateOfBirth.components(ofISO: "1985-12-24")! == (1985, 12, 24))
            #expect(DateOfBirth.components(ofISO: "1985-1-2")! == (1985, 1, 2))
            #expect(DateOfBirth.components(ofISO: "85-12-24") == nil)
            #expect(DateOfBirth.components(ofISO: "1985/12/24") == nil)
        }
    }
}
