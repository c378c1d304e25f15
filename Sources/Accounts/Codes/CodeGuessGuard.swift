import SiteStore
import Messages

/// Limits how many wrong e-mail codes one IP, or anyone against one member, may try per hour, so a
/// 192-bit code cannot be guessed and a member's links cannot be probed without end.
struct CodeGuessGuard: Sendable {
    let rateLimit: RateLimit

    private static let action = "code_failure"

    /// Throws when either the IP or the member has used up its wrong guesses.
    func check(memberID: Int, ip: String, rule: RateLimit.Rule) async throws {
        for subject in [ip, "member:\(memberID)"] {
            if let wait = try await self.rateLimit.wait(Self.action, subject: subject, rule: rule) {
                throw AccountFailure.limited(.codeThrottled, seconds: wait)
            }
        }
    }

    /// Counts a wrong, used or expired code, then throws `failure`.
    func reject(memberID: Int, ip: String, _ failure: AccountFailure) async throws -> Never {
        try await self.rateLimit.record(Self.action, subject: ip)
        try await self.rateLimit.record(Self.action, subject: "member:\(memberID)")
        throw failure
    }
}
