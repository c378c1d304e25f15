import Foundation

/// The master playlist a player opens first, written here rather than taken from `ffmpeg` (Debian's
/// 5.1 names neither `AVERAGE-BANDWIDTH` nor `FRAME-RATE`, and its `BANDWIDTH` counts only the bit
/// rate asked for, not what was made): each variant's peak and average bit rates are measured from
/// its segments (their bytes over their `#EXTINF` durations), as Apple's HLS authoring rules ask.
struct HLSMasterPlaylist: Equatable {
    /// One rendition as made.
    struct Variant: Equatable {
        /// Its playlist, relative to the master.
        var uri: String
        var width: Int
        var height: Int
        /// `CODECS`, as `ffmpeg` named them (`avc1.64001f,mp4a.40.2`).
        var codecs: String
        /// The highest bit rate of any segment, and the whole's, bits a second.
        var peakBitRate: Int
        var averageBitRate: Int
    }

    var variants: [Variant]
    var framesPerSecond: Double

    /// The playlist's text, the variants lowest first.
    var text: String {
        var lines = ["#EXTM3U", "#EXT-X-VERSION:6", "#EXT-X-INDEPENDENT-SEGMENTS"]
        for variant in self.variants.sorted(by: { $0.peakBitRate < $1.peakBitRate }) {
            lines.append(
                "#EXT-X-STREAM-INF:BANDWIDTH=\(variant.peakBitRate),AVERAGE-BANDWIDTH=\(variant.averageBitRate),"
                    + "RESOLUTION=\(variant.width)x\(variant.height),CODECS=\"\(variant.codecs)\","
                    + "FRAME-RATE=\(String(format: "%.3f", self.framesPerSecond))")
            lines.append(variant.uri)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A media playlist's segments: each one's URI and duration, in order.
    static func segments(of playlist: String) -> [(uri: String, seconds: Double)] {
        var segments: [(String, Double)] = []
        var duration: Double?
        for line in playlist.split(whereSeparator: \.isNewline).map({ $0.trimmingCharacters(in: .whitespaces) }) where !line.isEmpty {
            if line.hasPrefix("#EXTINF:") {
                duration = Double(line.dropFirst("#EXTINF:".count).prefix { $0 != "," })
            } else if !line.hasPrefix("#"), let seconds = duration {
                segments.append((line, seconds))
                duration = nil
            }
        }
        return segments
    }

    /// The `CODECS` of each variant of `ffmpeg`'s master playlist, in its order.
    static func codecs(ofFFmpegMaster playlist: String) -> [String] {
        playlist.split(whereSeparator: \.isNewline).filter { $0.hasPrefix("#EXT-X-STREAM-INF:") }.map { line in
            guard let start = line.range(of: "CODECS=\"") else { return "" }
            return String(line[start.upperBound...].prefix { $0 != "\"" })
        }
    }

    /// Peak and average bit rates of segments of these sizes (bytes) and durations (seconds); a
    /// segment shorter than a second counts as a second (the last one's few frames would otherwise
    /// claim a peak no player meets).
    static func bitRates(_ segments: [(bytes: Int, seconds: Double)]) -> (peak: Int, average: Int) {
        let total = segments.reduce(0.0) { $0 + $1.seconds }
        let bytes = segments.reduce(0) { $0 + $1.bytes }
        let peak = segments.map { Double($0.bytes * 8) / max(1, $0.seconds) }.max() ?? 0
        let average = total > 0 ? Double(bytes * 8) / total : 0
        return (Int(peak.rounded(.up)), Int(average.rounded(.up)))
    }
}
