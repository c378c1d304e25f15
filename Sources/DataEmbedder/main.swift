// The build tool behind the EmbedData plugin: writes a Swift file holding the given files' contents.
//
// Usage: DataEmbedder OUTPUT.swift KEY PATH [KEY PATH ...]
// Contents are stored base64-encoded, so no file content can ever break the generated Swift (quotes,
// backslashes, line endings), and decoded on first use.
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
guard let output = arguments.first, arguments.count % 2 == 1 else {
    FileHandle.standardError.write(Data("usage: DataEmbedder OUTPUT.swift KEY PATH [KEY PATH ...]\n".utf8))
    exit(64)
}
var swift = """
    // Generated at build time by the EmbedData plugin from the files listed in embedded-data.txt.
    import Foundation

    /// Data files built into this module (see `embedded-data.txt`), by name.
    enum EmbeddedData {
        /// Each file's contents, base64-encoded.
        static let files: [String: String] = [

    """
for index in stride(from: 1, to: arguments.count, by: 2) {
    let contents = try Data(contentsOf: URL(fileURLWithPath: arguments[index + 1]))
    swift += "        \"\(arguments[index])\": \"\(contents.base64EncodedString())\",\n"
}
if arguments.count == 1 { swift += "        :\n" }
swift += """
        ]

        /// The file named `name` as UTF-8 text, or nil when no such file was embedded.
        static func text(_ name: String) -> String? {
            Self.files[name].flatMap { Data(base64Encoded: $0) }.map { String(decoding: $0, as: UTF8.self) }
        }
    }

    """
try swift.write(toFile: output, atomically: true, encoding: .utf8)
