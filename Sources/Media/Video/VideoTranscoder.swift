import Foundation
import Glibc
import Logging

/// Makes what the apps play from a checked original with Debian's `ffmpeg`, one run after another in a
/// limited child process (``LimitedProcess``, scheduled behind the API), into a folder of its own: the HLS
/// ladder under `hls/` with the master playlist written here (``HLSMasterPlaylist``), the progressive
/// MP4 `video.mp4` and the poster frame `poster.jpg`.
struct VideoTranscoder: Sendable {
    let ffmpeg: String
    /// Each run's arguments are logged (`ffmpeg run`, at info): an operator, or `bench/video.sh`, can
    /// run the same commands by hand.
    let logger: Logger

    /// The poster frame's file name in the folder.
    static let poster = "poster.jpg"

    /// Why a run of `ffmpeg` did not make its files.
    struct Failure: Error, Equatable {
        let reason: String
    }

    /// The files made, by path below `folder`, with their sizes. `progress` is told the percent done
    /// as it grows (the ladder is most of the work, then the MP4, then the poster).
    func make(_ video: InspectedVideo, source: String, into folder: String, progress: @escaping @Sendable (Int) -> Void) async throws(Failure)
        -> [(path: String, bytes: Int)]
    {
        let ladder = VideoLadder(width: video.width, height: video.height, seconds: video.seconds, hasSound: video.hasSound)
        let input =
            ["-nostdin", "-v", "error", "-protocol_whitelist", "file", "-format_whitelist", video.container.demuxers]
            + video.container.readerOptions + ["-i", "file:" + source]
        let hls = folder + "/hls"
        try await self.run(input + ladder.hlsArguments(into: hls), ladder: ladder, from: 0, to: 70, progress: progress)
        try self.writeMaster(of: ladder, framesPerSecond: video.framesPerSecond, in: hls)
        try await self.run(input + ladder.progressiveArguments(into: folder + "/video.mp4"), ladder: ladder, from: 70, to: 97, progress: progress)
        let poster =
            ["-nostdin", "-v", "error", "-protocol_whitelist", "file", "-format_whitelist", video.container.demuxers]
            + video.container.readerOptions
        try await self.run(
            poster + ladder.posterArguments(input: "file:" + source, into: folder + "/" + Self.poster), ladder: ladder, from: 97, to: 100, progress: progress)
        return Self.files(in: folder)
    }

    /// One run of `ffmpeg`, its progress mapped onto `from`…`to` percent.
    private func run(_ arguments: [String], ladder: VideoLadder, from: Int, to: Int, progress: @escaping @Sendable (Int) -> Void) async throws(Failure) {
        let seconds = max(ladder.seconds, 0.001)
        let report = FFmpegReport { done in progress(from + Int(Double(to - from) * min(1, done / seconds))) }
        let process = LimitedProcess(program: self.ffmpeg, limits: Self.limits(ladder))
        let arguments = arguments + ["-progress", "pipe:1", "-nostats"]
        let printed = (try? JSONEncoder().encode(arguments)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        self.logger.info("ffmpeg run", metadata: ["arguments": "\(printed)"])
        let outcome = await process.run(arguments, errorsInOutput: true, reading: report.read)
        switch outcome {
        case .exited(status: 0, _)?: progress(to)
        case .exited(let status, _)?: throw Failure(reason: "ffmpeg exited with status \(status): \(report.lastComplaint)")
        case .stopped?: throw Failure(reason: "ffmpeg was stopped at its limits (time, memory or file size)")
        case nil: throw Failure(reason: "ffmpeg could not be started (\(self.ffmpeg))")
        }
    }

    /// A run's limits, from the source's length: CPU time 40 times it (at least 10 minutes; a ladder of
    /// four renditions encodes at about real time per core here), 4 GiB of address space (x264's
    /// threads reserve much more than they use), the largest file 1.5 times what the highest cap and
    /// the sound make in that time (at least 256 MiB), wall-clock time 20 times the length (at least 30
    /// minutes).
    static func limits(_ ladder: VideoLadder) -> LimitedProcess.Limits {
        let bitRate = Double((ladder.renditions.map(\.maximumBitRate).max() ?? 0) + VideoLadder.soundBitRate)
        return LimitedProcess.Limits(
            cpuSeconds: max(600, Int(ladder.seconds * 40)), memoryBytes: 4 << 30,
            outputBytes: max(256 << 20, Int(ladder.seconds * bitRate / 8 * 1.5)),
            wallClock: .seconds(max(1800, Int(ladder.seconds * 20))), background: true
        )
    }

    /// Replaces ffmpeg's master playlist with one measured from the renditions' segments.
    private func writeMaster(of ladder: VideoLadder, framesPerSecond: Double, in folder: String) throws(Failure) {
        guard let ffmpegMaster = try? String(contentsOfFile: folder + "/ffmpeg-master.m3u8", encoding: .utf8) else {
            throw Failure(reason: "ffmpeg wrote no master playlist")
        }
        let codecs = HLSMasterPlaylist.codecs(ofFFmpegMaster: ffmpegMaster)
        var variants: [HLSMasterPlaylist.Variant] = []
        for (index, rendition) in ladder.renditions.enumerated() {
            let uri = "\(index)/index.m3u8"
            guard let playlist = try? String(contentsOfFile: folder + "/" + uri, encoding: .utf8), index < codecs.count else {
                throw Failure(reason: "ffmpeg wrote no playlist for rendition \(index)")
            }
            let segments = HLSMasterPlaylist.segments(of: playlist).map { segment in
                (bytes: Self.size(of: "\(folder)/\(index)/\(segment.uri)") ?? 0, seconds: segment.seconds)
            }
            let rates = HLSMasterPlaylist.bitRates(segments)
            variants.append(
                .init(uri: uri, width: rendition.width, height: rendition.height, codecs: codecs[index], peakBitRate: rates.peak, averageBitRate: rates.average)
            )
        }
        let master = HLSMasterPlaylist(variants: variants, framesPerSecond: min(framesPerSecond, 60)).text
        guard (try? master.write(toFile: folder + "/master.m3u8", atomically: false, encoding: .utf8)) != nil else {
            throw Failure(reason: "the master playlist could not be written")
        }
        unlink(folder + "/ffmpeg-master.m3u8")
    }

    private static func size(of path: String) -> Int? {
        var status = stat()
        return stat(path, &status) == 0 ? Int(status.st_size) : nil
    }

    /// Every file below `folder`, by path relative to it, with its size.
    static func files(in folder: String) -> [(path: String, bytes: Int)] {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
        var files: [(String, Int)] = []
        while let path = walker.nextObject() as? String {
            if walker.fileAttributes?[.type] as? FileAttributeType == .typeRegular, let size = Self.size(of: folder + "/" + path) {
                files.append((path, size))
            }
        }
        return files.sorted { $0.0 < $1.0 }
    }
}
