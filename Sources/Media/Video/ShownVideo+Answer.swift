public import EndpointCore
import Routes

extension ShownVideo {
    /// The video as apps read it (an article's `video`, a gallery's video item): its state, size and
    /// length (seconds, and milliseconds), and once ready the HLS master playlist (iOS, Safari), the
    /// progressive MP4 (Android, other browsers) and the poster at `device`'s size, on `publicURL`.
    public func json(for device: DeviceClass, on publicURL: String) -> JSONValue {
        [
            "id": .int(self.video.id),
            "state": .string(self.video.state.rawValue),
            "hls_url": VideoLinks.master(of: self.video).map { .string($0.url(on: publicURL)) } ?? .null,
            "mp4_url": VideoLinks.progressive(of: self.video).map { .string($0.url(on: publicURL)) } ?? .null,
            "poster": self.poster(for: device, on: publicURL).map { .string($0.url) } ?? .null,
            "duration": .int((self.video.durationMilliseconds + 500) / 1000),
            "duration_ms": .int(self.video.durationMilliseconds),
            "width": .int(self.video.width),
            "height": .int(self.video.height),
        ]
    }

    /// The poster at `device`'s size on `publicURL`, with that version's size; nil until made.
    public func poster(for device: DeviceClass, on publicURL: String) -> (url: String, width: Int, height: Int)? {
        guard let poster = self.poster, let route = self.poster(.device(device)) else { return nil }
        let size = MediaVersion.device(device).size(ofWidth: poster.width, height: poster.height)
        return (route.url(on: publicURL), size.width, size.height)
    }
}
