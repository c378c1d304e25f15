import Foundation
import PackagePlugin

/// Builds the data files a module lists in its `embedded-data.txt` into the module, as an internal
/// `EmbeddedData` enum, so that the `endpoint` binary needs no files beside it (migrations, word lists,
/// templates).
///
/// Each line of `embedded-data.txt` is a file or folder, relative to the module's folder, or an absolute
/// path to a file a Debian package installs (a `libjs-*` script: never copied into the repository; the
/// build stops, naming it, when it is missing); `#` starts a comment. A file is available as
/// `EmbeddedData.text("name")` under its name, a folder's files under `folder/sub/name`. The generated
/// Swift lives in the build folder only.
@main
struct EmbedData: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) async throws -> [Command] {
        let list = target.directoryURL.appending(path: "embedded-data.txt")
        guard let text = try? String(contentsOf: list, encoding: .utf8) else { return [] }
        var inputs = [list]
        var arguments: [String] = []
        for line in text.split(separator: "\n") {
            let entry = line.trimmingCharacters(in: .whitespaces)
            guard !entry.isEmpty, !entry.hasPrefix("#") else { continue }
            let root = (entry.hasPrefix("/") ? URL(fileURLWithPath: entry) : target.directoryURL.appending(path: entry)).standardizedFileURL
            guard FileManager.default.fileExists(atPath: root.path) else { throw MissingFile(path: root.path, module: target.name) }
            let base = root.deletingLastPathComponent().path
            for file in Self.files(under: root) {
                inputs.append(file)
                arguments += [String(file.path.dropFirst(base.count).drop { $0 == "/" }), file.path]
            }
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedData.swift")
        return [
            .buildCommand(
                displayName: "Embedding data files in \(target.name)",
                executable: try context.tool(named: "DataEmbedder").url,
                arguments: [output.path] + arguments,
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }

    /// A listed file is not there: for a system path, its package is not installed.
    struct MissingFile: Error, CustomStringConvertible {
        let path: String
        let module: String
        var description: String {
            "\(self.path), listed in \(self.module)'s embedded-data.txt, does not exist (a system file: install its Debian package, see scripts/serve.sh)"
        }
    }

    /// The regular files at or under `url`, in name order, hidden ones left out.
    private static func files(under url: URL) -> [URL] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { return [] }
        guard isDirectory.boolValue else { return [url] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.sorted().filter { !$0.hasPrefix(".") }.flatMap { Self.files(under: url.appending(path: $0)) }
    }
}
