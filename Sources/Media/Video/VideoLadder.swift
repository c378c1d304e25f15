import Foundation

/// What is made from a checked video for the apps, and the `ffmpeg` arguments that make it: an HLS
/// ladder (iOS and Safari), a progressive MP4 (Android and every other browser) and a poster frame.
///
/// The ladder's renditions are 360p, 540p, 720p and 1080p, by the picture's short side (a phone's
/// upright video is as sharp as a landscape one), none larger than the source; a source smaller than
/// 360p is one rendition at its own size. H.264 (High) and AAC-LC, key frames every 2 seconds at the
/// same instants in every rendition (so a player switches at any segment boundary), 6-second
/// segments, VOD playlists. Quality is constant (CRF 23) under a cap per rendition, so a still
/// picture costs little and a busy one no more than its cap.
public struct VideoLadder: Sendable, Equatable {
    /// One rendition: its upright size and its video bit rate's cap, bits a second.
    public struct Rendition: Sendable, Equatable {
        public let width: Int
        public let height: Int
        public let maximumBitRate: Int
    }

    public let renditions: [Rendition]
    /// The MP4's size: the largest rendition no larger than 720p.
    public let progressive: Rendition
    public let hasSound: Bool
    /// The source's length, for the progress of a run of `ffmpeg`.
    public let seconds: Double

    /// The short sides made, and each one's cap.
    static let rungs: [(shortSide: Int, maximumBitRate: Int)] = [(360, 900_000), (540, 1_600_000), (720, 3_000_000), (1080, 5_500_000)]
    /// AAC's bit rate (stereo).
    static let soundBitRate = 128_000
    static let segmentSeconds = 6
    static let keyFrameSeconds = 2

    public init(width: Int, height: Int, seconds: Double, hasSound: Bool) {
        let shortSide = min(width, height)
        var renditions = Self.rungs.filter { $0.shortSide <= shortSide }.map { rung in
            Self.rendition(width: width, height: height, shortSide: rung.shortSide, maximumBitRate: rung.maximumBitRate)
        }
        if renditions.isEmpty {
            renditions = [Self.rendition(width: width, height: height, shortSide: shortSide, maximumBitRate: Self.rungs[0].maximumBitRate)]
        }
        self.renditions = renditions
        self.progressive = renditions.last { min($0.width, $0.height) <= 720 } ?? renditions[0]
        self.hasSound = hasSound
        self.seconds = seconds
    }

    /// The source scaled so that its short side is `shortSide`, each side even (H.264's 4:2:0 needs it).
    private static func rendition(width: Int, height: Int, shortSide: Int, maximumBitRate: Int) -> Rendition {
        func even(_ value: Double) -> Int { max(2, Int((value / 2).rounded()) * 2) }
        let scale = Double(shortSide) / Double(min(width, height))
        return Rendition(width: even(Double(width) * scale), height: even(Double(height) * scale), maximumBitRate: maximumBitRate)
    }

    /// One video stream's encoding (stream `index` of the output, or its only one): H.264 High, CRF
    /// under the rendition's cap.
    private func encoding(_ rendition: Rendition, index: Int?) -> [String] {
        let suffix = index.map { ":v:\($0)" } ?? ":v"
        return [
            "-c\(suffix)", "libx264", "-profile\(suffix)", "high", "-preset\(suffix)", "veryfast", "-crf\(suffix)", "23",
            "-maxrate\(suffix)", String(rendition.maximumBitRate), "-bufsize\(suffix)", String(rendition.maximumBitRate * 2),
            "-pix_fmt\(suffix)", "yuv420p",
        ]
    }

    /// What every video stream of an output shares: key frames every 2 s and only then (the same
    /// instants in every rendition), at most 60 frames a second.
    private static let pacing = [
        "-force_key_frames", "expr:gte(t,n_forced*\(keyFrameSeconds))", "-sc_threshold", "0", "-fpsmax", "60",
    ]

    private var sound: [String] {
        self.hasSound ? ["-c:a", "aac", "-b:a", String(Self.soundBitRate), "-ac", "2"] : []
    }

    /// `ffmpeg`'s arguments after the input for the ladder: `folder/<n>/index.m3u8` and its segments
    /// for rendition `n`, and ffmpeg's own `folder/ffmpeg-master.m3u8` (read for the codecs it names).
    func hlsArguments(into folder: String) -> [String] {
        let count = self.renditions.count
        let split = "[0:v]split=\(count)" + (0..<count).map { "[s\($0)]" }.joined()
        let scales = self.renditions.enumerated().map { index, rendition in "[s\(index)]scale=\(rendition.width):\(rendition.height)[v\(index)]" }
        var arguments = ["-filter_complex", ([split] + scales).joined(separator: ";")]
        for index in 0..<count {
            arguments += ["-map", "[v\(index)]"] + (self.hasSound ? ["-map", "0:a:0"] : [])
        }
        for (index, rendition) in self.renditions.enumerated() { arguments += self.encoding(rendition, index: index) }
        arguments += Self.pacing
        let streams = (0..<count).map { self.hasSound ? "v:\($0),a:\($0)" : "v:\($0)" }.joined(separator: " ")
        return arguments + self.sound + [
            "-f", "hls", "-hls_time", String(Self.segmentSeconds), "-hls_playlist_type", "vod", "-hls_flags", "independent_segments",
            "-hls_segment_type", "mpegts", "-hls_segment_filename", folder + "/%v/segment-%03d.ts", "-master_pl_name", "ffmpeg-master.m3u8",
            "-var_stream_map", streams, folder + "/%v/index.m3u8",
        ]
    }

    /// `ffmpeg`'s arguments after the input for the progressive MP4 at `path`, its index (`moov`) before
    /// its data so it plays while it downloads.
    func progressiveArguments(into path: String) -> [String] {
        ["-map", "0:v:0"] + (self.hasSound ? ["-map", "0:a:0"] : [])
            + ["-vf", "scale=\(self.progressive.width):\(self.progressive.height)"] + self.encoding(self.progressive, index: nil) + Self.pacing + self.sound
            + ["-movflags", "+faststart", "-f", "mp4", path]
    }

    /// `ffmpeg`'s arguments for the poster: one frame a second in (or a third of the way into a
    /// shorter video), upright, at the source's size, a JPEG.
    func posterArguments(input: String, into path: String) -> [String] {
        let at = min(1, self.seconds / 3)
        return ["-ss", String(format: "%.3f", at), "-i", input, "-map", "0:v:0", "-frames:v", "1", "-q:v", "2", "-f", "image2", "-c:v", "mjpeg", path]
    }
}
