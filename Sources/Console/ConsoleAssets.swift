/// The console's style sheet and scripts, served from the binary: its own, and the Debian packages'
/// libraries the build embedded (`embedded-data.txt`), never copies in the repository.
enum ConsoleAssets {
    static let styleSheet = "console.css"
    static let script = "console.js"
    static let icon = "icon.svg"
    static let sortable = "sortable.js"

    /// What is served under each name: the embedded file and its type. Nothing else is.
    private static let served: [String: (file: String, type: String)] = [
        styleSheet: ("Assets/console.css", "text/css; charset=utf-8"),
        script: ("Assets/console.js", "text/javascript; charset=utf-8"),
        icon: ("Assets/icon.svg", "image/svg+xml"),
        sortable: ("Sortable.min.js", "text/javascript; charset=utf-8"),
    ]

    /// The asset `name`, or nil when there is none.
    static func answer(_ name: String) -> ConsoleAnswer? {
        guard let asset = Self.served[name], let text = EmbeddedData.text(asset.file) else { return nil }
        return ConsoleAnswer(body: .text(text, contentType: asset.type))
    }
}
