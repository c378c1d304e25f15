import Testing

@testable import EndpointServer

/// HTTP dates as `Last-Modified` writes them and `If-Modified-Since` reads them.
@Suite struct HTTPDateTests {
    @Test func writesAndReadsIMFFixdates() {
        #expect(HTTPDate.format(784_111_777) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT") == 784_111_777)
        #expect(HTTPDate.parse(HTTPDate.format(1_795_480_401)) == 1_795_480_401)
    }

    @Test func anythingElseIsNoDate() {
        for text in [
            "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994", "Sun, 06 Nov 1994 08:49:37 UTC", "Sun, 06 Nov 0997 08:49:37 GMT",
            "Sun, 32 Nov 1994 08:49:37 GMT", "Sun, 06 Nov 1994 8:49:37 GMT", "", "Sun, 06 Nov 1994 08:49:37 GMT extra",
        ] {
            #expect(HTTPDate.parse(text) == nil, "\(text)")
        }
    }
}
