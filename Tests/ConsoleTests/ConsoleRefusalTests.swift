import Auth
import EndpointCore
import Messages
import Testing

@testable import Console
@testable import Storage

/// The console's one rule for answering a failure of what a form sent.
@Suite struct ConsoleRefusalTests {
    struct Broken: Error {}

    @Test func refusalsHaveHTTPsStatusOfTheirKindAndClientErrorsKeepTheirs() throws {
        #expect(try #require(ConsoleRefusal(Refusal.invalid(.invalidProperty, "x"))).status == 422)
        #expect(try #require(ConsoleRefusal(Refusal.conflict(.consoleEditConflict))).status == 409)
        #expect(try #require(ConsoleRefusal(Refusal.notFound(.consoleNoSuchArticle))).status == 404)
        #expect(try #require(ConsoleRefusal(Refusal.malformed(.improperlyFilledIn))).status == 400)
        #expect(try #require(ConsoleRefusal(Refusal.limited(.loginThrottled, seconds: 60))).status == 429)
        #expect(try #require(ConsoleRefusal(DatabaseUnavailable(underlying: Broken()))).status == 503, "the form keeps what was typed")
        #expect(try #require(ConsoleRefusal(EndpointError(status: 403, message: .crossSiteRequest))).status == 403)
        #expect(ConsoleRefusal(EndpointError(status: 500, message: .consoleNothing)) == nil, "a server failure is no refusal")
        #expect(ConsoleRefusal(Broken()) == nil)
    }

    @Test func aPasswordRefusedIsTheFormsOrUnauthorisedAndGuessingIsThrottled() throws {
        let wrong = AccountFailure(.passwordMismatch)
        #expect(try #require(ConsoleRefusal(wrong)).status == 422)
        #expect(try #require(ConsoleRefusal(wrong, wrongPassword: 401)).status == 401)
        #expect(try #require(ConsoleRefusal(AccountFailure(.passwordMismatch, retryAfterSeconds: 30))).status == 429)
        #expect(try #require(ConsoleRefusal(AccountFailure(.serverBusy, retryAfterSeconds: 1))).status == 429)
        #expect(try #require(ConsoleRefusal(wrong)).sentence(.english).isEmpty == false)
    }
}
