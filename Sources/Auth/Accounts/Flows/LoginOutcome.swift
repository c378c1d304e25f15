import Messages
import Metrics

/// How a login ended, as `endpoint_logins_total{outcome}` counts it.
enum LoginOutcome: String {
    case success
    /// Unknown account, wrong password (one sentence for both), or a wrong second factor's code.
    case wrongCredentials = "wrong_credentials"
    /// Refused by the failure throttle.
    case throttled
    /// The hashing pool was full.
    case busy
    /// Right password, but the account may not log in now (unvalidated, unconfirmed, banned), or the
    /// database failed.
    case refused

    init(_ error: any Error) {
        switch (error as? AccountFailure)?.message {
        case .memberInvalidLogin?, .secondFactorWrong?: self = .wrongCredentials
        case .loginThrottled?: self = .throttled
        case .serverBusy?: self = .busy
        default: self = .refused
        }
    }

    func count() {
        Counter(label: "endpoint_logins_total", dimensions: [("outcome", self.rawValue)]).increment()
    }
}
