import Auth
import EndpointCore
import Messages

/// How the console answers a failure of what a form sent, in one place: the page that sent it shows
/// the refusal's sentence in place, with 422 for a refusal (what Composr's API answers "refused", with
/// HTTP 200), 429 for guessing throttled, 503 when password checks are queued full, the failure's own
/// status for another client error (404, 409, 413); anything else is no refusal, and the console's
/// failure page answers it.
struct ConsoleRefusal {
    let error: EndpointError
    let status: Int

    /// - Parameter wrongPassword: the status of a password refused (401 where the page asks for the
    ///   administrator's own password again, 422 where a form's field holds it).
    init?(_ failure: any Error, wrongPassword: Int = Self.refusedStatus) {
        if let failure = failure as? AccountFailure {
            self.error = EndpointError(status: 200, message: failure.message, arguments: failure.arguments)
            self.status = failure.retryAfterSeconds == nil ? wrongPassword : failure.message == .serverBusy ? 503 : 429
            return
        }
        guard let error = (failure as? EndpointError) ?? (failure as? any EndpointErrorConvertible)?.endpointError, error.status < 500 else { return nil }
        self.error = error
        self.status = error.status == 200 ? Self.refusedStatus : error.status
    }

    /// The status of a form refused for what it holds, the console's own refusals' too.
    static let refusedStatus = 422

    /// The refusal's sentence in `messages`' language.
    func sentence(_ messages: MessageCatalog) -> String {
        messages.text(self.error.message, self.error.arguments)
    }
}
