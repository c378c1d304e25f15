import Foundation
import Messages
import TestSupport
import Testing

@testable import Media

/// Video uploads are checked by Debian's real `ffprobe` and `ffmpeg`, in limited child processes:
/// good clips (made here by ffmpeg, as a phone or a camera would) pass with their upright size and
/// length; every known hostile file is refused with its own sentence, and never read as what it
/// pretends to be.
@Suite struct VideoProbeTests {
    static let probe = VideoProbe()
    static let maximumBytes = 2 << 30
    static let maximumSeconds = 10_800

    static func inspect(_ path: String, maximumBytes: Int = Self.maximumBytes) async throws(VideoFailure) -> InspectedVideo {
        try await Self.probe.inspect(path: path, maximumBytes: maximumBytes, maximumSeconds: Self.maximumSeconds)
    }

    @Test func goodClipsPassWithTheirUprightSizeLengthAndSound() async throws {
        let clips = try VideoClips()
        let mp4 = try await Self.inspect(clips.clip("camera.mp4"))
        #expect((mp4.container, mp4.width, mp4.height, mp4.hasSound) == (.mp4, 320, 240, true))
        #expect(abs(mp4.seconds - 2) < 0.1)

        let silent = try await Self.inspect(clips.clip("silent.mov", sound: false))
        #expect((silent.container, silent.hasSound) == (.mp4, false), "a QuickTime file by its content, no sound track")

        let webm = try await Self.inspect(clips.clip("clip.webm", sound: false, codec: ["-c:v", "libvpx-vp9", "-deadline", "realtime"]))
        #expect((webm.container, webm.width, webm.height) == (.matroska, 320, 240))

        // A phone's upright video: stored landscape with a quarter turn in its display matrix.
        let stored = try clips.clip("stored.mp4")
        let upright = try await Self.inspect(clips.make("phone.mp4", ["-i", stored, "-c", "copy", "-metadata:s:v:0", "rotate=90"]))
        #expect((upright.width, upright.height) == (240, 320))

        let named = try clips.write("named-wrongly.txt", Array(try Data(contentsOf: URL(fileURLWithPath: stored))))
        #expect(try await Self.inspect(named).container == .mp4, "told by content, not by name")
    }

    @Test func playlistsAndListsNamingOtherFilesAreNeverFollowed() async throws {
        let clips = try VideoClips()
        let playlist = "#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1,\nfile:///etc/passwd\n#EXT-X-ENDLIST\n"
        await #expect(throws: VideoFailure.unsupportedType) { try await Self.inspect(clips.write("playlist.mp4", Array(playlist.utf8))) }
        let list = "ffconcat version 1.0\nfile /etc/passwd\nfile /var/lib/endpoint/endpoint.sqlite\n"
        await #expect(throws: VideoFailure.unsupportedType) { try await Self.inspect(clips.write("list.mkv", Array(list.utf8))) }
        // The same texts behind an MP4's first box: only MP4's own reader may open it, and it finds no video.
        let box: [UInt8] = [0, 0, 0, 16] + Array("ftypisom".utf8) + [0, 0, 2, 0]
        await #expect(throws: VideoFailure.corrupt) { try await Self.inspect(clips.write("boxed-playlist.mp4", box + Array(playlist.utf8))) }
        await #expect(throws: VideoFailure.corrupt) { try await Self.inspect(clips.write("boxed-list.mp4", box + Array(list.utf8))) }
    }

    @Test func headersClaimingTooMuchAreRefusedOnTheirClaim() async throws {
        let clips = try VideoClips()
        await #expect(throws: VideoFailure.tooLong(seconds: 259_200, maximum: Self.maximumSeconds)) {
            try await Self.inspect(clips.write("days.mkv", Matroska.claiming(width: 320, height: 240, milliseconds: 259_200_000)))
        }
        // ffmpeg's own readers drop a size no image can have: what is left is no picture at all.
        await #expect(throws: VideoFailure.corrupt) {
            try await Self.inspect(clips.write("huge.mkv", Matroska.claiming(width: 100_000, height: 100_000, milliseconds: 1_000)))
        }
        let wide = try clips.clip("wide.mp4", size: "4112x32", seconds: 0.2, sound: false)
        await #expect(throws: VideoFailure.frameTooLarge(width: 4112, height: 32)) { try await Self.inspect(wide) }
        await #expect(throws: VideoFailure.tooLarge(bytes: Int(try FileManager.default.attributesOfItem(atPath: wide)[.size] as! UInt64), maximum: 1_000)) {
            try await Self.inspect(wide, maximumBytes: 1_000)
        }
    }

    @Test func truncatedCorruptAndSoundOnlyFilesAreRefused() async throws {
        let clips = try VideoClips()
        let whole = try clips.make("whole.mp4", ["-i", try clips.clip("source.mp4"), "-c", "copy", "-movflags", "+faststart"])
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: whole)))
        // Its header is whole (a reader of headers alone would take it), its samples stop halfway.
        await #expect(throws: VideoFailure.corrupt) { try await Self.inspect(clips.write("truncated.mp4", Array(bytes.prefix(bytes.count / 2)))) }
        var damaged = bytes
        for index in stride(from: 3_000, to: damaged.count, by: 97) { damaged[index] ^= 0x5A }
        await #expect(throws: VideoFailure.corrupt) { try await Self.inspect(clips.write("damaged.mp4", damaged)) }
        let webm = try clips.clip("whole.webm", sound: false, codec: ["-c:v", "libvpx-vp9", "-deadline", "realtime"])
        let webmBytes = Array(try Data(contentsOf: URL(fileURLWithPath: webm)))
        await #expect(throws: VideoFailure.corrupt) { try await Self.inspect(clips.write("truncated.webm", Array(webmBytes.prefix(webmBytes.count / 2)))) }
        await #expect(throws: VideoFailure.corrupt) { try await Self.inspect(clips.write("empty.mp4", [])) }

        let tone = try clips.make("tone.m4a", ["-f", "lavfi", "-i", "sine=frequency=440", "-t", "1", "-c:a", "aac"])
        await #expect(throws: VideoFailure.noPicture) { try await Self.inspect(tone) }
    }

    @Test func everyRefusalHasASentenceInEveryLanguage() {
        let failures: [VideoFailure] = [
            .unsupportedType, .noPicture, .tooLong(seconds: 259_200, maximum: 10_800), .frameTooLarge(width: 4112, height: 32),
            .tooLarge(bytes: 3_000_000_000, maximum: 2_147_483_648), .corrupt,
        ]
        #expect(Set(failures.map(\.message)).count == failures.count, "each its own sentence")
        for catalog in Languages.bundled.catalogs {
            for failure in failures {
                let sentence = catalog.text(failure.message, failure.arguments)
                #expect(!sentence.isEmpty && !sentence.contains("{") && !sentence.contains("ENDPOINT_"), "\(catalog.languageCode): \(sentence)")
            }
        }
        #expect(
            Languages.bundled.english.text(.videoTooLong, VideoFailure.tooLong(seconds: 259_200, maximum: 10_800).arguments)
                == "The video lasts 4320 minutes; this site accepts videos of at most 180 minutes.")
        #expect(VideoFailure.tooLarge(bytes: 3_000_000_000, maximum: 2_147_483_648).arguments == ["3000.0", "2147.5"])
    }
}
