public import Routes

/// A video as a page or an app shows it (an article's): the video, and its poster once made.
public struct ShownVideo: Sendable, Equatable {
    public let video: VideoRecord
    public let poster: MediaRecord?

    /// The poster's route at `version`, once the video is ready.
    public func poster(_ version: MediaVersion) -> SiteRoute? {
        self.poster.map { MediaLinks.route(of: $0, version) }
    }
}
