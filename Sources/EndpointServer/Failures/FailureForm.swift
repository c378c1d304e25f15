import EndpointCore
import Messages
import Routes

/// How a route answers a failure: chosen by the route (``SiteRoute/failureForm``, or the handler when
/// it learns more), written once by ``FailureAnswers``.
enum FailureForm: Sendable {
    /// The JSON envelope, `success: false` with the sentence: Composr's refusals (HTTP 200) for the
    /// hooks, HTTP's statuses for the images (a missing one is a 404).
    case envelope(CachePolicy, RefusalStatuses = .composr)
    /// Floki's empty document, `{"items": []}`: Floki clients read no envelope.
    case floki(CachePolicy)
    /// `{"error": sentence}`, which RestKit maps from an error answer (the MIT News apps).
    case bare
    /// A web page saying what went wrong (the account and article pages).
    case page

    /// The statuses the form gives a feature's refusals: Composr's inside its envelope, HTTP's own
    /// where only the status tells failure from success.
    var statuses: RefusalStatuses {
        switch self {
        case .envelope(_, let statuses): statuses
        case .floki, .bare, .page: .http
        }
    }
}
