import Auth
import EndpointCore
import Messages

/// How the console answers a failure of what a form sent, in one place: the page that sent it shows
/// the sentence in place, with the status HTTP gives the refusal's kind (``RefusalStatuses/http``:
/// 422 for a value refused, 409, 404, 429 with `Retry-After` for guessing throttled or password
/// checks queued full, 503 while the database is away) or the console's own client error (a 403);
/// anything else is no refusal, and the console's failure page answers it.
struct ConsoleRefusal {
    let error: EndpointError
    let status: Int

    /// - Parameter wrongPassword: the status of an account step's refusal of what was typed (401
    ///   where the page asks for the administrator's own password again, 422 where a form's field
    ///   holds it).
    init?(_ failure: any Error, wrongPassword: Int = Self.refusedStatus) {
        guard let error = EndpointError(answering: failure, .http) else { return nil }
        let refusal = (failure as? any RefusalConvertible)?.refusal
        guard error.status < 500 || refusal != nil else { return nil }
        self.error = error
        self.status = failure is AccountFailure && refusal?.kind == .invalid ? wrongPassword : error.status
    }

    /// The status of a form refused for what it holds, the console's own refusals' too.
    static let refusedStatus = RefusalStatuses.http.status(of: .invalid)

    /// The refusal's sentence in `messages`' language.
    func sentence(_ messages: MessageCatalog) -> String {
        messages.text(self.error.message, self.error.arguments)
    }
}
