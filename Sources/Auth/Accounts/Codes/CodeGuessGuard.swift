import Messages
import Storage

/// Limits how many wrong e-mail codes one network (IPv4 address, IPv6 /64) may try per hour, so the
/// links' codes cannot be probed without end.
///
/// Only wrong codes count, and only per network: a valid code always works, from anywhere, however
/// many wrong ones were tried. A code is 192 random bits, so no limit is what stops guessing; a limit
/// per member would stop nothing and let anyone lock a member out of their own links.
struct CodeGuessGuard: Sendable {
    let rateLimit: RateLimit

    private static let action = "code_failure"

    /// Counts a wrong, used or expired code from `ip`'s network and throws `failure`, or, once the
    /// network has used up its wrong codes, the sentence saying how long to wait.
    func reject(ip: String, policy: AccountPolicy, _ failure: AccountFailure) async throws -> Never {
        if let wait = try await self.rateLimit.admit(Self.action, subject: .address(ip), rule: policy.codeFailuresPerNetwork) {
            throw AccountFailure.limited(.codeThrottled, seconds: wait)
        }
        throw failure
    }
}
