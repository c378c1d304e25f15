import News
import Testing

@testable import News

/// How far a newest-first search walks the listed articles on PostgreSQL before it asks the index.
@Suite struct NewsSearchWalkTests {
    @Test func theWalkGoesOnAsFarAsItsMatchesSayAndNoFurther() {
        #expect(NewsSearchStore.recentWalk(20) == 64 && NewsSearchStore.recentWalk(200) == 400 && NewsSearchStore.recentWalk(1_001) == nil)
        #expect(NewsSearchStore.furtherWalk(found: 6, walked: 64, wanted: 20) == 224, "14 more at 6 in 64, and half as many again")
        #expect(NewsSearchStore.furtherWalk(found: 19, walked: 64, wanted: 20) == 64, "never less than the first walk")
        #expect(NewsSearchStore.furtherWalk(found: 0, walked: 64, wanted: 20) == nil, "none found: a rare word, the index")
        #expect(NewsSearchStore.furtherWalk(found: 1, walked: 64, wanted: 20) == 1_824, "one in 64")
        #expect(NewsSearchStore.furtherWalk(found: 1, walked: 576, wanted: 20) == nil, "one in 576 would take 16,000 more")
        #expect(NewsSearchStore.furtherWalk(found: 40, walked: 400, wanted: 200) == 2_400, "relevance's window of a word one in ten holds")
        #expect(NewsSearchStore.furtherWalk(found: 19, walked: 4_000, wanted: 20) == nil, "at most 4,096 in all")
        #expect(NewsSearchStore.furtherWalk(found: 6, walked: 64, wanted: 20, longestWalk: 0) == nil, "no walk past the first")
    }
}
