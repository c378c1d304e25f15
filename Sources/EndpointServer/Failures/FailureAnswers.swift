import EndpointCore
import HTTPTypes
import Hummingbird
import Logging
import Messages
import Outbox
import Routes
import Storage

/// The one place an error becomes an answer: every route's handler throws, and this middleware gives
/// the failure its status, sentence and headers (a feature's ``Refusal`` given the status of its kind
/// in the form's ``RefusalStatuses``) in the form its route answers failures in (``FailureForm``). An error that says nothing
/// of itself is a 500 whose sentence carries the request ID, logged with what it was.
///
/// The request ID is the access recorder's (``AccessRecorder`` runs around this), as every answer's.
struct FailureAnswers: RouterMiddleware {
    typealias Context = EndpointRequestContext

    let languages: LanguageNegotiation
    let config: ConfigStore

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let failure as RouteFailure {
            return await self.answer(failure.underlying, form: failure.form, language: failure.language, request, context)
        } catch let error as HTTPError {
            // Hummingbird's own (no route for the path or the method, a body past its limit): it
            // answers them itself.
            throw error
        } catch {
            guard let route = SiteRoute(path: request.uri.path, query: request.uri.query) else { throw error }
            return await self.answer(error, form: route.failureForm, language: nil, request, context)
        }
    }

    private func answer(_ error: any Error, form: FailureForm, language: MessageCatalog?, _ request: Request, _ context: Context) async -> Response {
        let requestID = RequestOrigin.requestID.isEmpty ? context.id : RequestOrigin.requestID
        let failure: EndpointError
        if let described = EndpointError(answering: error, form.statuses) {
            failure = described
        } else {
            context.logger.error("request failed", metadata: ["error": "\(String(reflecting: error))"])
            failure = EndpointError(status: 500, message: .internalFailure, arguments: [requestID])
        }
        let messages: MessageCatalog
        if let language { messages = language } else { messages = await self.languages.catalog(for: request) }
        switch form {
        case .envelope(let caching, _): return Envelope.failure(failure, requestID: requestID, language: messages, caching: caching)
        case .floki(let caching): return Envelope.flokiFailure(failure, requestID: requestID, language: messages, caching: caching)
        case .bare: return Envelope.bareFailure(failure, requestID: requestID, language: messages)
        case .page:
            let siteName = (try? await self.config.options().siteName) ?? ConfigOption.siteName.defaultValue
            return FailurePage.response(failure, siteName: siteName, language: messages, next: Self.next(after: failure, request, messages))
        }
    }
}

extension FailureAnswers {
    /// Where a console page that failed leads on: signing in again once the session ended, else the
    /// dashboard (no page of the console is a dead end).
    fileprivate static func next(after failure: EndpointError, _ request: Request, _ messages: MessageCatalog) -> (path: String, text: String)? {
        guard case .console? = SiteRoute(path: request.uri.path, query: request.uri.query) else { return nil }
        if failure.message == .consoleSessionEnded { return (ConsoleRoute.signIn.path, messages.text(.logIn)) }
        return (ConsoleRoute.dashboard.path, messages.text(.consoleDashboard))
    }
}

extension SiteRoute {
    /// How the route answers a failure its handler did not describe.
    var failureForm: FailureForm {
        switch self {
        case .endpoint: .envelope(.private)
        case .media, .video, .videoLink, .uploads, .upload: .envelope(.notStored, .http)
        case .mitCategories, .mitStories, .mitStory: .bare
        case .flokiBeacon, .flokiAppData: .floki(.notStored)
        case .newsIndex, .articlePage, .tagPage, .composrTagSearch, .sharedDraft, .composrArticle, .galleryPage, .composrGallery, .confirmEmail,
            .resetPassword, .pageStyleSheet, .console:
            .page
        case .health, .readiness, .openAPI: .envelope(.notStored)
        }
    }
}
