public import Messages

/// One version of an image the server makes: the original re-encoded (upright, without metadata),
/// fitted to a device class's width, or a square thumbnail from a fixed set of sizes (so each image
/// has a bounded number of versions and the cache a bounded size).
public enum MediaVersion: Hashable, Sendable {
    case original
    case device(DeviceClass)
    case square(Int)

    /// The thumbnail sizes a URL may ask for (`s`): Floki's default 75-point cells at both densities
    /// (75, 150) and a larger one.
    public static let squareSizes = [75, 150, 300]

    /// Every version an image has, as the news API lists them.
    public static let all: [MediaVersion] =
        [.original] + DeviceClass.allCases.map { .device($0) } + Self.squareSizes.map { .square($0) }

    /// The version a request's query asks for: `d` alone (a device class, as Floki clients send it),
    /// `s` (a square thumbnail's size, at the density of `d`'s class when `d` comes with it: the iOS
    /// Floki client appends its `d` to every URL it fetches, so `?s=75&d=2` is the 150-pixel square a
    /// 75-point cell needs on a double-resolution screen) or neither (the original). A size not in
    /// ``squareSizes`` is refused.
    public init(d: String?, s: String?) throws(MediaFailure) {
        switch (d, s) {
        case (nil, nil): self = .original
        case (let d?, nil): self = .device(DeviceClass(parameter: d))
        case (let d, let s?):
            guard let size = Int(s), Self.squareSizes.contains(size) else { throw .unknownVersion(s) }
            self = .square(size * DeviceClass(parameter: d).density)
        }
    }

    /// The query fields naming the square thumbnail of `points` (one of ``squareSizes``) for `device`:
    /// `s`, and `d` when the device draws more than a pixel a point, as ``init(d:s:)`` reads them. A
    /// client that appends its own `d` to the URL, as the iOS Floki client does, names the same version.
    public static func squarePairs(points: Int, on device: DeviceClass) -> [(name: String, value: String)] {
        device.density > 1 ? [("s", String(points)), ("d", device.parameter)] : [("s", String(points))]
    }

    /// The query fields naming this version in a URL (none for the original), as ``init(d:s:)`` reads them.
    public var queryPairs: [(name: String, value: String)] {
        switch self {
        case .original: []
        case .device(let device): [("d", device.parameter)]
        case .square(let size): [("s", String(size))]
        }
    }

    /// How it names cache files and `ETag`s.
    var tag: String {
        switch self {
        case .original: "o"
        case .device(let device): "d\(device.screenWidth)"
        case .square(let size): "s\(size)"
        }
    }

    /// The box libvips fits an upright `width` × `height` image in, and whether it crops to it (a
    /// square no larger than the image's shorter side, so a small image's thumbnail is square too).
    func box(width: Int, height: Int) -> (width: Int, height: Int, crop: Bool) {
        switch self {
        case .original: (Self.unbounded, Self.unbounded, false)
        case .device(let device): (device.screenWidth, Self.unbounded, false)
        case .square(let size): (min(size, width, height), min(size, width, height), true)
        }
    }

    /// The size this version of an upright `width` × `height` image has: fitted, never enlarged
    /// (libvips may round the other side a pixel differently).
    public func size(ofWidth width: Int, height: Int) -> (width: Int, height: Int) {
        switch self {
        case .original:
            return (width, height)
        case .device(let device):
            guard width > device.screenWidth else { return (width, height) }
            return (device.screenWidth, max(1, Int((Double(height) * Double(device.screenWidth) / Double(width)).rounded())))
        case .square(let size):
            let side = min(size, width, height)
            return (side, side)
        }
    }

    /// libvips' largest coordinate: "no bound" on a side.
    private static let unbounded = 10_000_000
}
