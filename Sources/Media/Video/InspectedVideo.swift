import Foundation

/// A video upload that passed every check, ready to be kept: its container by its first bytes, and
/// what `ffprobe` found in it (its picture's upright size, its length, whether it has sound).
public struct InspectedVideo: Sendable, Equatable {
    /// The widest and tallest picture accepted, either way up.
    public static let maximumSide = 4096

    let container: VideoContainer
    /// The size as shown: a phone's upright video, stored on its side with a rotation, is taller than wide.
    public let width: Int
    public let height: Int
    public let seconds: Double
    public let hasSound: Bool
    /// Frames a second (its average; 30 when the file does not say).
    public let framesPerSecond: Double

    /// The checks on what `ffprobe` printed (`-of json`) for a file that starts like `container`:
    /// its reader agreed on the container, a video stream that is not a cover image, a length within
    /// `maximumSeconds` and a picture within ``maximumSide``, as the file claims them.
    static func check(probed: [UInt8], container: VideoContainer, maximumSeconds: Int) throws(VideoFailure) -> InspectedVideo {
        guard let probe = try? JSONDecoder().decode(Probe.self, from: Data(probed)), let format = probe.format,
            format.formatName == container.demuxers
        else { throw .corrupt }
        guard let picture = probe.streams.first(where: { $0.codecType == "video" && $0.disposition?.attachedPic != 1 }) else {
            throw .noPicture
        }
        guard let width = picture.width, let height = picture.height, width > 0, height > 0 else { throw .corrupt }
        guard width <= Self.maximumSide, height <= Self.maximumSide else { throw .frameTooLarge(width: width, height: height) }
        let seconds = format.duration.flatMap(Double.init) ?? probe.streams.compactMap { $0.duration.flatMap(Double.init) }.max()
        guard let seconds, seconds.isFinite, seconds > 0 else { throw .corrupt }
        guard seconds <= Double(maximumSeconds) else { throw .tooLong(seconds: seconds, maximum: maximumSeconds) }
        let quarterTurns = Int((picture.sideDataList ?? []).compactMap(\.rotation).first ?? 0) / 90
        let sideways = quarterTurns % 2 != 0
        return InspectedVideo(
            container: container, width: sideways ? height : width, height: sideways ? width : height, seconds: seconds,
            hasSound: probe.streams.contains { $0.codecType == "audio" }, framesPerSecond: Self.rate(picture.averageFrameRate) ?? 30
        )
    }

    /// A rate as `ffprobe` prints it (`30000/1001`), when it is one.
    private static func rate(_ text: String?) -> Double? {
        let parts = (text ?? "").split(separator: "/").compactMap { Double($0) }
        guard parts.count == 2, parts[1] > 0 else { return nil }
        let rate = parts[0] / parts[1]
        return rate.isFinite && rate > 0 ? rate : nil
    }

    /// The part of `ffprobe`'s JSON read here.
    private struct Probe: Decodable {
        struct Stream: Decodable {
            struct Disposition: Decodable {
                var attachedPic: Int?
                enum CodingKeys: String, CodingKey { case attachedPic = "attached_pic" }
            }
            struct SideData: Decodable {
                var rotation: Double?
            }
            var codecType: String?
            var width: Int?
            var height: Int?
            var duration: String?
            var averageFrameRate: String?
            var disposition: Disposition?
            var sideDataList: [SideData]?
            enum CodingKeys: String, CodingKey {
                case codecType = "codec_type", width, height, duration, disposition, sideDataList = "side_data_list"
                case averageFrameRate = "avg_frame_rate"
            }
        }
        struct Format: Decodable {
            var formatName: String
            var duration: String?
            enum CodingKeys: String, CodingKey { case formatName = "format_name", duration }
        }
        var streams: [Stream] = []
        var format: Format?
    }
}
