import Foundation
import RichText

/// The renderer as the server builds it, on a site at `https://news.example` whose media library holds
/// one image, `media:7` (also named by its path), and whose article 3 has a page.
enum RichTextFixtures {
    static let publicURL = "https://news.example"

    static let image = HTMLAllowlist.Image(
        src: "/media/\(String(repeating: "ab", count: 32))/park.jpg", width: 1200, height: 800,
        srcset: "/media/\(String(repeating: "ab", count: 32))/park.jpg?d=0 320w, /media/\(String(repeating: "ab", count: 32))/park.jpg 1200w",
        alt: "The park at golden hour"
    )

    static let allowlist = HTMLAllowlist(publicURL: Self.publicURL) { source in
        source == "media:7" || source == Self.image.src ? Self.image : nil
    }

    static let renderer = RichTextRenderer(
        allowlist: Self.allowlist, said: { "\($0) said" }, pageLink: { $0.hasSuffix("news:view:3") ? "/news/3" : "/" }
    )

    static func comcode(_ text: String) throws -> RenderedText {
        try Self.renderer.render(text, format: .comcode)
    }

    static func markdown(_ text: String) throws -> RenderedText {
        try Self.renderer.render(text, format: .markdown)
    }

    /// The seed inputs of a fuzz target (`fuzz/corpus/<target>`), by file name.
    static func corpus(_ target: String) throws -> [(name: String, text: String)] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let folder = root.appendingPathComponent("fuzz/corpus/" + target)
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map { name in
            (name, String(decoding: try Data(contentsOf: folder.appendingPathComponent(name)), as: UTF8.self))
        }
    }
}
