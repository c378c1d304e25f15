/// The console's style sheet and scripts, served from the binary: its own, and the Debian packages'
/// libraries the build embedded (`embedded-data.txt`), never copies in the repository.
enum ConsoleAssets {
    static let styleSheet = "console.css"
    static let script = "console.js"
    static let icon = "icon.svg"

    /// The asset `name`, or nil when there is none.
    static func answer(_ name: String) -> ConsoleAnswer? {
        let types = ["css": "text/css; charset=utf-8", "js": "text/javascript; charset=utf-8", "svg": "image/svg+xml"]
        guard let type = name.split(separator: ".").last.flatMap({ types[String($0)] }), let text = EmbeddedData.text("Assets/\(name)") else {
            return nil
        }
        return ConsoleAnswer(body: .text(text, contentType: type))
    }
}
