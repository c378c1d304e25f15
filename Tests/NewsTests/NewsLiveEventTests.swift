import EndpointCore
import NIOCore
import Testing

@testable import News

/// Live events as Server-Sent Events: the frame an `EventSource` reads, and what a view is sent.
@Suite struct NewsLiveEventTests {
    @Test func anEventIsOneFrameWithItsNameIDAndOneLineOfData() {
        let framed = NewsLiveEvent.frame(event: "deleted", id: "czF-abc~7", data: ["type": "news", "id": 7, "title": "two\nlines"])
        #expect(String(buffer: framed) == "event: deleted\nid: czF-abc~7\ndata: {\"type\":\"news\",\"id\":7,\"title\":\"two\\nlines\"}\n\n")
    }

    @Test func deletionsAndResetsAreTheSameForEveryViewAndRenderedOncePerView() {
        let all = NewsLiveView(categoryIDs: nil, device: .phone, fields: nil)
        let art = NewsLiveView(categoryIDs: [7], device: .tablet, fields: ["id"])
        let deleted = NewsLiveEvent(seq: 9, token: "t9", change: .deleted(articleID: 3), publicURL: "https://example.com")
        #expect(String(buffer: deleted.bytes(for: all)) == "event: deleted\nid: t9\ndata: {\"type\":\"news\",\"id\":3}\n\n")
        #expect(deleted.bytes(for: art) == deleted.bytes(for: all))
        let reset = NewsLiveEvent(seq: 9, token: "t9", change: .reset, publicURL: "https://example.com")
        #expect(String(buffer: reset.bytes(for: art)) == "event: reset\nid: t9\ndata: {\"reset\":true,\"sync\":\"t9\"}\n\n")
        let categories = NewsLiveEvent(seq: 9, token: "t9", change: .categories([]), publicURL: "https://example.com")
        #expect(String(buffer: categories.bytes(for: art)) == "event: categories\nid: t9\ndata: {\"categories\":[]}\n\n")
    }

    @Test func aViewShowsItsCategoriesOnly() {
        #expect(NewsLiveView(categoryIDs: nil, device: .phone, fields: nil).shows(categoryID: 3))
        #expect(NewsLiveView(categoryIDs: [1, 2], device: .phone, fields: nil).shows(categoryID: 2))
        #expect(!NewsLiveView(categoryIDs: [1, 2], device: .phone, fields: nil).shows(categoryID: 3))
    }
}
