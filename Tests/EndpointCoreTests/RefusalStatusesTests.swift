import EndpointCore
import Messages
import Testing

/// The one table of the statuses each face gives each kind of refusal.
@Suite struct RefusalStatusesTests {
    @Test func composrsAPIRefusesWith200ButForMalformedRequestsAndAServerThatCannotServe() {
        let statuses = Dictionary(uniqueKeysWithValues: Refusal.Kind.allCases.map { ($0, RefusalStatuses.composr.status(of: $0)) })
        #expect(statuses == [.invalid: 200, .conflict: 200, .notFound: 200, .forbidden: 200, .limited: 200, .unavailable: 503, .malformed: 400])
    }

    @Test func theOtherRoutesAndTheConsoleAnswerHTTPsOwnStatuses() {
        let statuses = Dictionary(uniqueKeysWithValues: Refusal.Kind.allCases.map { ($0, RefusalStatuses.http.status(of: $0)) })
        #expect(statuses == [.invalid: 422, .conflict: 409, .notFound: 404, .forbidden: 403, .limited: 429, .unavailable: 503, .malformed: 400])
    }

    @Test func aRefusalThatSaysWhenToComeBackCarriesRetryAfter() {
        let limited = EndpointError(Refusal.limited(.loginThrottled, seconds: 90), .composr)
        #expect(limited == EndpointError(status: 200, message: .loginThrottled, arguments: ["2"], headers: ["Retry-After": "90"]))
        #expect(EndpointError(Refusal.notFound(.newsUnknownArticle), .http).headers.isEmpty)
    }

    @Test func onlyEndpointErrorsAndRefusalsAreDescribed() {
        struct Unexplained: Error {}
        #expect(EndpointError(answering: Unexplained(), .composr) == nil)
        #expect(EndpointError(answering: Refusal.invalid(.invalidProperty, "x"), .composr) == .refused(.invalidProperty, "x"))
        #expect(EndpointError(answering: EndpointError(status: 403, message: .crossSiteRequest), .http)?.status == 403)
    }
}
