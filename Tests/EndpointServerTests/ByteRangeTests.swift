import Testing

@testable import EndpointServer

/// The `Range` header as RFC 9110 reads it, for a file of 1,000 bytes.
@Suite struct ByteRangeTests {
    @Test func oneRangeInEachSpelling() {
        #expect(ByteRange(header: "bytes=0-99", size: 1000) == .part(first: 0, last: 99))
        #expect(ByteRange(header: "bytes=900-", size: 1000) == .part(first: 900, last: 999))
        #expect(ByteRange(header: "bytes=-100", size: 1000) == .part(first: 900, last: 999))
        #expect(ByteRange(header: "bytes=-5000", size: 1000) == .part(first: 0, last: 999), "a suffix longer than the file is all of it")
        #expect(ByteRange(header: "bytes=990-5000", size: 1000) == .part(first: 990, last: 999), "an end past the file ends at its end")
    }

    @Test func whatCannotBeSatisfied() {
        #expect(ByteRange(header: "bytes=1000-", size: 1000) == .unsatisfiable)
        #expect(ByteRange(header: "bytes=99999999999999999999-", size: 1000) == .unsatisfiable)
        #expect(ByteRange(header: "bytes=-0", size: 1000) == .unsatisfiable)
        #expect(ByteRange(header: "bytes=0-", size: 0) == .unsatisfiable)
    }

    @Test func whatIsAnsweredWhole() {
        for header in [nil, "", "bytes=0-1,5-9", "items=0-9", "bytes=9-0", "bytes=-", "bytes=a-b", "bytes=0x10-", "bytes= 1 - 2"] as [String?] {
            #expect(ByteRange(header: header, size: 1000) == .whole, "\(header ?? "none")")
        }
    }
}
