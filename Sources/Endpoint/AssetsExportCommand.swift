import ArgumentParser
import Foundation
import Media
import Messages

/// `endpoint assets export`: an app's launcher icons from one square image, laid out for Xcode
/// (`AppIcon.appiconset`) or Android Studio (`mipmap-*/ic_launcher.png`).
struct AssetsExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write an app's icons made from one square image of at least 1024 pixels; prints the files written."
    )

    @Option(help: "The source image (JPEG, PNG, WebP or GIF), square, at least 1024 px.")
    var image: String

    @Option(help: "ios (AppIcon.appiconset with Contents.json) or android (mipmap-mdpi … xxxhdpi).")
    var platform: String

    @Option(help: "The folder to write into (created if missing).")
    var output: String

    func validate() throws {
        guard AppAssets.Platform(rawValue: self.platform) != nil else { throw ValidationError("--platform is ios or android, not \(self.platform).") }
    }

    func run() async throws {
        let platform = AppAssets.Platform(rawValue: self.platform) ?? .ios
        guard let data = FileManager.default.contents(atPath: self.image) else { throw CommandFailure("Cannot read \(self.image).") }
        let messages = MessageCatalog.english
        do {
            let source = try InspectedImage.inspect(Array(data), maximumBytes: .max, maximumPixels: 100_000_000)
            let written = try AppAssets.export(source, platform: platform, to: URL(fileURLWithPath: self.output, isDirectory: true))
            for path in written { print(path) }
        } catch let failure as MediaFailure {
            throw CommandFailure(messages.text(failure.message, failure.arguments))
        } catch let unsuitable as AppAssets.Unsuitable {
            throw CommandFailure(
                messages.text(.assetImageUnsuitable, String(AppAssets.minimumSide), String(unsuitable.width), String(unsuitable.height)))
        }
    }
}
