import EndpointCore
import Routes

/// How a route answers a failure: chosen by the route (``SiteRoute/failureForm``, or the handler when
/// it learns more), written once by ``FailureAnswers``.
enum FailureForm: Sendable {
    /// The JSON envelope, `success: false` with the sentence (hooks, images).
    case envelope(CachePolicy)
    /// Floki's empty document, `{"items": []}`: Floki clients read no envelope.
    case floki(CachePolicy)
    /// `{"error": sentence}`, which RestKit maps from an error answer (the MIT News apps).
    case bare
    /// A web page saying what went wrong (the account and article pages).
    case page
}
