import Auth
import EndpointCore
import Testing

@testable import Console

/// The console's one rule for answering a failure of what a form sent.
@Suite struct ConsoleRefusalTests {
    struct Broken: Error {}

    @Test func refusalsAre422AndClientErrorsKeepTheirStatus() throws {
        #expect(try #require(ConsoleRefusal(EndpointError.refused(.invalidProperty, "x"))).status == 422)
        #expect(try #require(ConsoleRefusal(EndpointError(status: 404, message: .consoleNoSuchArticle))).status == 404)
        #expect(try #require(ConsoleRefusal(EndpointError(status: 413, message: .consoleNothing))).status == 413)
        #expect(ConsoleRefusal(EndpointError(status: 500, message: .consoleNothing)) == nil, "a server failure is no refusal")
        #expect(ConsoleRefusal(Broken()) == nil)
    }

    @Test func aPasswordRefusedIsTheFormsOrUnauthorisedAndGuessingIsThrottled() throws {
        let wrong = AccountFailure(.passwordMismatch)
        #expect(try #require(ConsoleRefusal(wrong)).status == 422)
        #expect(try #require(ConsoleRefusal(wrong, wrongPassword: 401)).status == 401)
        #expect(try #require(ConsoleRefusal(AccountFailure(.passwordMismatch, retryAfterSeconds: 30))).status == 429)
        #expect(try #require(ConsoleRefusal(AccountFailure(.serverBusy, retryAfterSeconds: 1))).status == 503)
        #expect(try #require(ConsoleRefusal(wrong)).sentence(.english).isEmpty == false)
    }
}
