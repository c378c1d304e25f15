import SiteStore
import Messages

/// Limits how many wrong e-mail codes one network (IPv4 address, IPv6 /64), or anyone against one
/// member, may try per hour, so a 192-bit code cannot be guessed and a member's links cannot be
/// probed without end.
struct CodeGuessGuard: Sendable {
    let rateLimit: RateLimit

    private static let action = "code_failure"

    /// Throws when either the network or the member has used up its wrong guesses.
    func check(memberID: Int, ip: String, policy: AccountPolicy) async throws {
        for (subject, rule) in Self.scopes(memberID: memberID, ip: ip, policy: policy) {
            if let wait = try await self.rateLimit.wait(Self.action, subject: subject, rule: rule) {
                throw AccountFailure.limited(.codeThrottled, seconds: wait)
            }
        }
    }

    /// Counts a wrong, used or expired code, then throws `failure`.
    func reject(memberID: Int, ip: String, _ failure: AccountFailure) async throws -> Never {
        try await self.rateLimit.record(Self.action, subject: .address(ip))
        try await self.rateLimit.record(Self.action, subject: .member(memberID))
        throw failure
    }

    private static func scopes(memberID: Int, ip: String, policy: AccountPolicy) -> [(RateLimit.Subject, RateLimit.Rule)] {
        [(.address(ip), policy.codeFailuresPerNetwork), (.member(memberID), policy.codeFailuresPerMember)]
    }
}
