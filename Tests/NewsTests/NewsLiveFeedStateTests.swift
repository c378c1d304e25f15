import NIOCore
import Synchronization
import Testing

@testable import News

/// The live feed's rules, as the plain value that holds them: the backlog and its bounds, streams
/// that keep up (pushed to) and streams behind (taking from the backlog), slow readers cut off, a
/// resume ahead of the tail, heartbeats on the site clock's intervals, and the end. No server, no
/// sleeping: every input is a call and every output a value.
@Suite struct NewsLiveFeedStateTests {
    static let limits = NewsLiveFeed.Limits(streams: 10, perNetwork: 2)
    static let view = NewsLiveView(categoryIDs: nil, device: .phone, fields: nil)

    static func events(_ seqs: ClosedRange<Int>) -> [NewsLiveEvent] {
        seqs.map { NewsLiveEvent(seq: $0, token: "t\($0)", change: .deleted(articleID: $0), publicURL: "https://example.com") }
    }

    /// A connection's push (what is pushed is the feed's to frame: these tests follow the positions).
    static let pusher = NewsLiveFeedState.Pusher(view: Self.view) { _, _ in }

    /// A new stream's ID (the macros cannot wrap a mutating call).
    static func subscribe(_ state: inout NewsLiveFeedState, _ network: String = "n") throws -> (id: Int, seq: Int) {
        let placed = state.subscribe(network: network, limits: Self.limits)
        return try #require(placed)
    }

    @Test func aStreamTakesTheBacklogThenIsPushedToOnceCaughtUp() throws {
        var state = NewsLiveFeedState(tailSeq: 0, now: .zero)
        let stream = try Self.subscribe(&state)
        #expect(stream.seq == 0)
        let first = state.take(stream.id, pusher: Self.pusher)
        #expect(first == nil, "nothing yet: the feed pushes to it from now on")
        #expect(state.pushedStreamCount == 1)
        let published = state.publish(Self.events(1...3), through: 3, after: 0, capacity: 100)
        #expect(published.pushes.map(\.id) == [stream.id] && published.pushes.first?.from == 0)
        #expect(published.wake.isEmpty && published.cutOffs.isEmpty)

        let late = try Self.subscribe(&state, "m")
        state.wait(late.id)
        let more = state.publish(Self.events(4...4), through: 4, after: 3, capacity: 100)
        #expect(more.wake == [late.id], "a waiting stream is woken, not pushed to")
        let taken = state.take(late.id, pusher: Self.pusher)
        #expect(taken == .events(Self.events(4...4)))
        let caughtUp = state.take(late.id, pusher: Self.pusher)
        #expect(caughtUp == nil, "caught up: pushed to from now on")
        let stale = state.publish([], through: 4, after: 99, capacity: 100)
        #expect(stale.pushes.isEmpty, "a read the tail moved past is dropped")
    }

    @Test func aReaderTheBacklogLeavesBehindIsCutOffAndEnds() throws {
        var state = NewsLiveFeedState(tailSeq: 0, now: .zero)
        let slow = try Self.subscribe(&state)
        let cut = Atomic<Int>(0)
        let endedAtOnce = state.attach(slow.id) { cut.add(1, ordering: .relaxed) }
        #expect(!endedAtOnce)
        _ = state.publish(Self.events(1...3), through: 3, after: 0, capacity: 3)
        let past = state.publish(Self.events(4...5), through: 5, after: 3, capacity: 3)
        #expect(past.cutOffs.count == 1)
        for cutOff in past.cutOffs { cutOff() }
        #expect(cut.load(ordering: .relaxed) == 1)
        let next = state.take(slow.id, pusher: Self.pusher)
        #expect(next == .ended)
        let endedBefore = state.attach(slow.id) {}
        #expect(endedBefore, "a stream that ended is cut off as soon as it attaches")
        #expect(NewsLiveFeedState.evictions(Self.events(1...10), capacity: 4) == 6)
    }

    @Test func aRefusedPushSendsTheStreamBackToTheBacklogFromWhereItStarted() throws {
        var state = NewsLiveFeedState(tailSeq: 0, now: .zero)
        let stream = try Self.subscribe(&state)
        _ = state.take(stream.id, pusher: Self.pusher)
        state.wait(stream.id)
        let published = state.publish(Self.events(1...2), through: 2, after: 0, capacity: 100)
        let woken = state.refused(stream.id, from: published.pushes[0].from)
        #expect(woken, "parked: woken to write")
        #expect(state.pushedStreamCount == 0)
        let backlog = state.take(stream.id, pusher: Self.pusher)
        #expect(backlog == .events(Self.events(1...2)), "it writes what was refused itself")
        let pushedAgain = state.take(stream.id, pusher: Self.pusher)
        #expect(pushedAgain == nil && state.pushedStreamCount == 1, "then it is pushed to again")

        // A refused heartbeat leaves nothing in the backlog to write: the stream writes a heartbeat.
        let beat = state.beat(at: .seconds(60), every: 15)
        let refusedBeat = state.refused(stream.id, from: try #require(beat.pushes.first).from)
        #expect(!refusedBeat, "not parked: nothing to wake")
        let written = state.take(stream.id, pusher: Self.pusher)
        #expect(written == .heartbeat, "it writes before it is pushed to again")
    }

    @Test func aStreamResumedAheadOfTheTailIsPushedNothingUntilTheTailPassesIt() throws {
        var state = NewsLiveFeedState(tailSeq: 5, now: .zero)
        let stream = try Self.subscribe(&state)
        state.caughtUp(stream.id, through: 8)
        let ahead = state.take(stream.id, pusher: Self.pusher)
        #expect(ahead == nil)
        #expect(state.pushedStreamCount == 0, "ahead of the tail: not pushed to")
        _ = state.publish(Self.events(6...8), through: 8, after: 5, capacity: 100)
        let passed = state.take(stream.id, pusher: Self.pusher)
        #expect(passed == .events(Self.events(6...8)))
        let caughtUp = state.take(stream.id, pusher: Self.pusher)
        #expect(caughtUp == nil)
        #expect(state.pushedStreamCount == 1)
    }

    /// Heartbeats come when the clock says so: not before the interval, then to every stream, pushed or
    /// woken.
    @Test func heartbeatsFollowTheSiteClock() throws {
        var state = NewsLiveFeedState(tailSeq: 0, now: .seconds(100))
        let pushed = try Self.subscribe(&state)
        let waiting = try Self.subscribe(&state, "m")
        _ = state.take(pushed.id, pusher: Self.pusher)
        state.wait(waiting.id)
        let early = state.beat(at: .seconds(114), every: 15)
        #expect(early.pushes.isEmpty && early.wake.isEmpty, "14 seconds: not yet")
        let beat = state.beat(at: .seconds(115), every: 15)
        #expect(beat.pushes.map(\.id) == [pushed.id], "the stream that keeps up is pushed the heartbeat")
        #expect(beat.wake == [waiting.id], "the one waiting is woken to write it")
        let written = state.take(waiting.id, pusher: Self.pusher)
        #expect(written == .heartbeat)
        let next = state.beat(at: .seconds(116), every: 15)
        #expect(next.pushes.isEmpty, "the next one a whole interval later")
    }

    @Test func placesAreCountedPerNetworkAndInAllAndTheEndWakesEveryStream() throws {
        var state = NewsLiveFeedState(tailSeq: 0, now: .zero)
        let first = try Self.subscribe(&state)
        let second = try Self.subscribe(&state)
        let third = state.subscribe(network: "n", limits: Self.limits)
        #expect(third == nil, "two per network")
        let beyond = state.subscribe(network: "m", limits: NewsLiveFeed.Limits(streams: 2, perNetwork: 5))
        #expect(beyond == nil, "two in all")
        state.wait(first.id)
        let woken = state.unsubscribe(first.id)
        #expect(woken, "a stream ending while it waits is woken")
        let again = state.subscribe(network: "n", limits: Self.limits)
        #expect(again != nil, "its place is free again")
        _ = state.take(second.id, pusher: Self.pusher)
        state.wait(second.id)
        let ended = state.close()
        #expect(ended == [second.id], "the end wakes the parked streams too")
        let next = state.take(second.id, pusher: Self.pusher)
        #expect(next == .ended)
        let after = state.publish(Self.events(1...1), through: 1, after: 0, capacity: 10)
        #expect(after.wake.isEmpty, "nothing is sent after the end")
    }

    @Test func withNoStreamTheTailJumpsToTheLogsEnd() {
        var state = NewsLiveFeedState(tailSeq: 3, now: .zero)
        state.skip(to: 9)
        #expect(state.tailSeq == 9)
        state.skip(to: 4)
        #expect(state.tailSeq == 9, "never back")
    }
}
