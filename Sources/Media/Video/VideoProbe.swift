import Glibc

/// Reads what a video file is with Debian's `ffprobe`, in a child process under limits: only the
/// `file` protocol (a playlist or a list naming other files opens nothing), only the demuxers of the
/// container its first bytes name (an HLS playlist or a concat list renamed `.mp4` is never parsed as
/// one), and no file the container refers to (QuickTime's external references stay off).
///
/// What the file claims (its length, its picture's size) is checked first; then `ffmpeg` reads every
/// packet of it through to the end without decoding (a copy to nowhere: about as fast as the disk),
/// so a truncated or corrupt file is refused before any work is queued for it.
public struct VideoProbe: Sendable {
    private let probe: LimitedProcess
    private let reader: LimitedProcess

    /// `directory` holds `ffprobe` and `ffmpeg`. A probe reads headers and a few frames: ten CPU
    /// seconds, 1 GiB of address space, 1 MiB printed and 20 s are far more than a good file takes. A
    /// read-through of the largest upload at a slow disk's 20 MB/s takes under two minutes.
    public init(directory: String = "/usr/bin") {
        self.probe = LimitedProcess(
            program: directory + "/ffprobe",
            limits: .init(cpuSeconds: 10, memoryBytes: 1 << 30, outputBytes: 1 << 20, wallClock: .seconds(20), background: false)
        )
        self.reader = LimitedProcess(
            program: directory + "/ffmpeg",
            limits: .init(cpuSeconds: 120, memoryBytes: 1 << 30, outputBytes: 1 << 16, wallClock: .seconds(180), background: false)
        )
    }

    /// Checks the file at `path` (an absolute path the server chose) against the live limits
    /// (`video_max_bytes`, `video_max_seconds`): ``VideoFailure`` says why it is refused.
    /// `readingThrough: false` skips the read-through (for a file checked whole when it was uploaded).
    public func inspect(path: String, maximumBytes: Int, maximumSeconds: Int, readingThrough: Bool = true) async throws(VideoFailure)
        -> InspectedVideo
    {
        var status = stat()
        guard stat(path, &status) == 0, status.st_size > 0 else { throw .corrupt }
        guard status.st_size <= maximumBytes else { throw .tooLarge(bytes: Int(status.st_size), maximum: maximumBytes) }
        guard let container = Self.container(at: path) else { throw .unsupportedType }
        let arguments =
            [
                "-v", "error", "-protocol_whitelist", "file", "-format_whitelist", container.demuxers,
            ] + container.readerOptions + [
                "-of", "json", "-show_entries",
                "format=format_name,duration:stream=codec_type,width,height,duration,avg_frame_rate:stream_disposition=attached_pic:stream_side_data=rotation",
                "file:" + path,
            ]
        guard case .exited(status: 0, let output)? = await self.probe.run(arguments) else { throw .corrupt }
        let video = try InspectedVideo.check(probed: output, container: container, maximumSeconds: maximumSeconds)
        guard readingThrough else { return video }
        // Any complaint at all (a packet past the end, a damaged sample table) refuses it.
        let readThrough =
            [
                "-nostdin", "-v", "error", "-protocol_whitelist", "file", "-format_whitelist", container.demuxers,
            ] + container.readerOptions + [
                "-i", "file:" + path, "-map", "0", "-c", "copy", "-f", "null", "-",
            ]
        guard case .exited(status: 0, output: [])? = await self.reader.run(readThrough, errorsInOutput: true) else { throw .corrupt }
        return video
    }

    /// The container the file's first bytes name, if any.
    private static func container(at path: String) -> VideoContainer? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var head = [UInt8](repeating: 0, count: 12)
        let count = head.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        return count > 0 ? VideoContainer(sniffing: head[..<count]) : nil
    }
}
