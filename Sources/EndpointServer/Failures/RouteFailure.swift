import Messages

/// A failure thrown out of a route's handler with what the handler knew of how to answer it: the
/// form, and the language once the caller was known. Only ``FailureAnswers`` turns errors into answers.
struct RouteFailure: Error {
    let underlying: any Error
    let form: FailureForm
    /// The answer's language; nil: the one the request asks for.
    let language: MessageCatalog?

    init(_ underlying: any Error, form: FailureForm, language: MessageCatalog? = nil) {
        self.underlying = underlying
        self.form = form
        self.language = language
    }
}
