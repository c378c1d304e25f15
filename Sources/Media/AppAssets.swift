public import Foundation

/// The app icons the Composr Mobile SDK's toolkit lays out for an app project, made from one square
/// image: an iOS `AppIcon.appiconset` (each size Xcode asks for, with its `Contents.json`) or the
/// Android `mipmap-<density>/ic_launcher.png` set.
public enum AppAssets {
    public enum Platform: String, Sendable, CaseIterable {
        case ios
        case android
    }

    /// The smallest side the source may have: the App Store icon's.
    public static let minimumSide = 1024

    /// One icon file: where it goes in the output folder and its side in pixels.
    public struct Icon: Sendable, Equatable {
        public var path: String
        public var side: Int
    }

    /// The source is not a square of at least ``minimumSide`` pixels.
    public struct Unsuitable: Error, Equatable {
        public let width: Int
        public let height: Int
    }

    /// The iOS icons by idiom: points and scales as Xcode's asset catalog names them.
    private static let iOSSlots: [(idiom: String, points: Double, scale: Int)] = [
        ("iphone", 20, 2), ("iphone", 20, 3), ("iphone", 29, 2), ("iphone", 29, 3), ("iphone", 40, 2), ("iphone", 40, 3), ("iphone", 60, 2),
        ("iphone", 60, 3), ("ipad", 20, 1), ("ipad", 20, 2), ("ipad", 29, 1), ("ipad", 29, 2), ("ipad", 40, 1), ("ipad", 40, 2), ("ipad", 76, 1),
        ("ipad", 76, 2), ("ipad", 83.5, 2), ("ios-marketing", 1024, 1),
    ]

    /// Android's launcher icon per density: 48 dp at 1×, 1.5×, 2×, 3×, 4×.
    private static let androidDensities: [(folder: String, side: Int)] = [
        ("mipmap-mdpi", 48), ("mipmap-hdpi", 72), ("mipmap-xhdpi", 96), ("mipmap-xxhdpi", 144), ("mipmap-xxxhdpi", 192),
    ]

    /// The files `platform` gets (one per distinct size for iOS).
    public static func icons(for platform: Platform) -> [Icon] {
        switch platform {
        case .ios:
            var seen: Set<String> = []
            return Self.iOSSlots.compactMap { slot in
                let path = "AppIcon.appiconset/" + Self.iOSFileName(points: slot.points, scale: slot.scale)
                return seen.insert(path).inserted ? Icon(path: path, side: Int(slot.points * Double(slot.scale))) : nil
            }
        case .android:
            return Self.androidDensities.map { Icon(path: "\($0.folder)/ic_launcher.png", side: $0.side) }
        }
    }

    /// Writes `platform`'s icons made from `source` into `directory`; returns the paths written,
    /// relative to it. Blocks for the resizing.
    public static func export(_ source: InspectedImage, platform: Platform, to directory: URL) throws -> [String] {
        guard source.width == source.height, source.width >= Self.minimumSide else { throw Unsuitable(width: source.width, height: source.height) }
        var written: [String] = []
        for icon in Self.icons(for: platform) {
            guard let made = MediaCodec.make(source.bytes, width: icon.side, height: icon.side, crop: true, as: .png) else { throw MediaFailure.corrupt }
            let file = directory.appendingPathComponent(icon.path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(made.bytes).write(to: file)
            written.append(icon.path)
        }
        if platform == .ios {
            let path = "AppIcon.appiconset/Contents.json"
            try Self.iOSContents().write(to: directory.appendingPathComponent(path))
            written.append(path)
        }
        return written
    }

    /// Xcode's `Contents.json` for the set: every slot naming its file.
    static func iOSContents() throws -> Data {
        let images: [[String: String]] = Self.iOSSlots.map { slot in
            let points = slot.points == slot.points.rounded() ? String(Int(slot.points)) : String(slot.points)
            return [
                "size": "\(points)x\(points)", "idiom": slot.idiom, "filename": Self.iOSFileName(points: slot.points, scale: slot.scale),
                "scale": "\(slot.scale)x",
            ]
        }
        let contents: [String: Any] = ["images": images, "info": ["version": 1, "author": "xcode"]]
        return try JSONSerialization.data(withJSONObject: contents, options: [.prettyPrinted, .sortedKeys])
    }

    private static func iOSFileName(points: Double, scale: Int) -> String {
        let points = points == points.rounded() ? String(Int(points)) : String(points)
        return "Icon-\(points)@\(scale)x.png"
    }
}
