import Testing

@testable import Media

/// Which renditions a video gets, and the master playlist's measured attributes.
@Suite struct VideoLadderTests {
    static func sizes(_ ladder: VideoLadder) -> [String] {
        ladder.renditions.map { "\($0.width)x\($0.height)" }
    }

    @Test func renditionsGoUpToTheSourceByItsShortSide() {
        #expect(Self.sizes(VideoLadder(width: 1920, height: 1080, seconds: 60, hasSound: true)) == ["640x360", "960x540", "1280x720", "1920x1080"])
        #expect(Self.sizes(VideoLadder(width: 1280, height: 720, seconds: 60, hasSound: true)) == ["640x360", "960x540", "1280x720"])
        #expect(Self.sizes(VideoLadder(width: 1080, height: 1920, seconds: 60, hasSound: true)).last == "1080x1920", "a phone's upright video")
        #expect(Self.sizes(VideoLadder(width: 3840, height: 2160, seconds: 60, hasSound: true)).last == "1920x1080", "never above 1080p")
        #expect(Self.sizes(VideoLadder(width: 320, height: 240, seconds: 60, hasSound: true)) == ["320x240"], "a small source keeps its size")
        #expect(Self.sizes(VideoLadder(width: 321, height: 181, seconds: 60, hasSound: true)) == ["322x182"], "sides made even")
        #expect(Self.sizes(VideoLadder(width: 854, height: 480, seconds: 60, hasSound: true)) == ["640x360"])
    }

    @Test func theMP4IsTheLargestRenditionUpTo720p() {
        let ladder = VideoLadder(width: 1920, height: 1080, seconds: 60, hasSound: true)
        #expect((ladder.progressive.width, ladder.progressive.height) == (1280, 720))
        let small = VideoLadder(width: 320, height: 240, seconds: 60, hasSound: false)
        #expect((small.progressive.width, small.progressive.height) == (320, 240))
    }

    @Test func aSilentVideoMapsNoSound() {
        let silent = VideoLadder(width: 1280, height: 720, seconds: 10, hasSound: false).hlsArguments(into: "/x")
        #expect(!silent.contains("0:a:0") && !silent.contains("aac"))
        #expect(silent.contains("v:0 v:1 v:2"))
        let sound = VideoLadder(width: 1280, height: 720, seconds: 10, hasSound: true).hlsArguments(into: "/x")
        #expect(sound.contains("v:0,a:0 v:1,a:1 v:2,a:2") && sound.contains("aac"))
    }

    @Test func theMasterPlaylistIsMeasuredFromTheSegments() {
        let playlist = "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:6.000000,\nsegment-000.ts\n#EXTINF:2.5,\nsegment-001.ts\n#EXT-X-ENDLIST\n"
        #expect(HLSMasterPlaylist.segments(of: playlist).map(\.uri) == ["segment-000.ts", "segment-001.ts"])
        #expect(HLSMasterPlaylist.segments(of: playlist).map(\.seconds) == [6, 2.5])
        let rates = HLSMasterPlaylist.bitRates([(bytes: 600_000, seconds: 6), (bytes: 500_000, seconds: 2.5), (bytes: 100_000, seconds: 0.1)])
        #expect(rates.peak == 1_600_000, "the busiest segment; a last sliver counts as a second")
        #expect(rates.average == Int((1_200_000.0 * 8 / 8.6).rounded(.up)))
        let ffmpeg = "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1,RESOLUTION=640x360,CODECS=\"avc1.64001e,mp4a.40.2\"\n0/index.m3u8\n"
        #expect(HLSMasterPlaylist.codecs(ofFFmpegMaster: ffmpeg) == ["avc1.64001e,mp4a.40.2"])
        let master = HLSMasterPlaylist(
            variants: [
                .init(uri: "1/index.m3u8", width: 1280, height: 720, codecs: "avc1.64001f", peakBitRate: 3_000_000, averageBitRate: 2_000_000),
                .init(uri: "0/index.m3u8", width: 640, height: 360, codecs: "avc1.64001e", peakBitRate: 900_000, averageBitRate: 600_000),
            ], framesPerSecond: 29.97
        ).text
        #expect(
            master == """
                #EXTM3U
                #EXT-X-VERSION:6
                #EXT-X-INDEPENDENT-SEGMENTS
                #EXT-X-STREAM-INF:BANDWIDTH=900000,AVERAGE-BANDWIDTH=600000,RESOLUTION=640x360,CODECS="avc1.64001e",FRAME-RATE=29.970
                0/index.m3u8
                #EXT-X-STREAM-INF:BANDWIDTH=3000000,AVERAGE-BANDWIDTH=2000000,RESOLUTION=1280x720,CODECS="avc1.64001f",FRAME-RATE=29.970
                1/index.m3u8

                """)
    }
}
