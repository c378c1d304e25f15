public import Foundation
import Text

/// The old site's files (`--files`): its folder, or an archive of it (or of its `uploads/`) that `tar`
/// unpacks into a folder only this user can read, removed by ``close()``. A file is found by the URL
/// the site keeps for it (`uploads/repimages/photo.jpg`, or that on the site's `base_url`, read from
/// its `_config.php`), and only inside the site's folder: a reference climbing out of it, or a link
/// pointing out, is no file of the site.
public final class ComposrFiles: Sendable {
    /// The folder `uploads/` is in, or `uploads/` itself (``uploadsOnly``).
    let root: URL
    /// Whether ``root`` is the site's `uploads/` folder itself (an archive of its contents).
    let uploadsOnly: Bool
    /// The site's address (`$SITE_INFO['base_url']`), for URLs written whole; nil when not known.
    let baseURL: String?
    /// The folder an archive was unpacked into, removed at the end.
    private let unpacked: URL?

    /// The files of `path`: a folder, or an archive `tar` reads (`.tar`, `.tar.gz`, `.tgz`…).
    public init(_ path: String, tar: String = "tar") throws(ComposrImportError) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { throw .filesNotFound(path) }
        if isFolder.boolValue {
            self.unpacked = nil
            (self.root, self.uploadsOnly) = Self.siteFolder(in: URL(fileURLWithPath: path).standardizedFileURL)
        } else {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("endpoint-composr-files-\(UUID().uuidString)")
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
                try Self.measure(path, tar: tar)
                try Self.unpack(path, into: folder, tar: tar)
            } catch {
                try? FileManager.default.removeItem(at: folder)
                throw error as? ComposrImportError ?? .filesUnreadable(path, "\(error)")
            }
            self.unpacked = folder
            (self.root, self.uploadsOnly) = Self.siteFolder(in: folder)
        }
        self.baseURL = Self.baseURL(configuration: self.root.appendingPathComponent("_config.php"))
    }

    /// Removes what an archive was unpacked into.
    public func close() {
        if let unpacked = self.unpacked { try? FileManager.default.removeItem(at: unpacked) }
    }

    /// What a reference the site keeps names.
    enum Found: Equatable {
        /// An image elsewhere on the web: it stays as it is.
        case external
        /// A file of the site that is not among the files given.
        case missing
        /// The file's bytes and its name without its extension.
        case file(bytes: [UInt8], name: String)
    }

    /// Where the file `reference` (a URL as the site keeps it) is.
    enum Located: Equatable {
        /// Elsewhere on the web.
        case external
        /// A file of the site that is not among the files given.
        case missing
        /// Its path inside the site's folder.
        case path(String)
    }

    /// The file `reference` names, when it is a regular file inside the site's folder.
    func locate(_ reference: String) -> Located {
        guard let relative = self.relativePath(reference) else { return .external }
        var components = relative.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        if self.uploadsOnly {
            guard components.first == "uploads" else { return .missing }
            components.removeFirst()
        }
        guard !components.isEmpty, !components.contains(".."), !components.contains(".") else { return .missing }
        var file = self.root
        for component in components { file.appendPathComponent(component) }
        // Links are followed only while they stay inside the site's folder.
        let resolved = file.resolvingSymlinksInPath().path
        guard resolved.hasPrefix(self.root.resolvingSymlinksInPath().path + "/"),
            let attributes = try? FileManager.default.attributesOfItem(atPath: resolved), attributes[.type] as? FileAttributeType == .typeRegular
        else { return .missing }
        return .path(resolved)
    }

    /// The file `reference` names, reading at most `maximumBytes` of it (a larger file is read that
    /// far: the media library refuses it with its own sentence).
    func file(_ reference: String, maximumBytes: Int) -> Found {
        let path: String
        switch self.locate(reference) {
        case .external: return .external
        case .missing: return .missing
        case .path(let found): path = found
        }
        guard let handle = FileHandle(forReadingAtPath: path) else { return .missing }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: maximumBytes + 1) else { return .missing }
        return .file(bytes: Array(data), name: URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent)
    }

    /// The path under the site's folder a reference names (percent-encoding undone, as Composr encodes
    /// uploaded files' names in their URLs); nil for an address elsewhere.
    func relativePath(_ reference: String) -> String? {
        var path = Substring(reference.trimmingCharacters(in: .whitespaces))
        if let baseURL = self.baseURL, path.hasPrefix(baseURL + "/") {
            path = path.dropFirst(baseURL.count + 1)
        } else if path.contains("://") || path.hasPrefix("//") || path.hasPrefix("/") || path.hasPrefix("data:") || path.hasPrefix("media:") {
            return nil
        }
        let withoutQuery = path.prefix { $0 != "?" && $0 != "#" }
        return String(withoutQuery).removingPercentEncoding
    }

    /// The folder of a site's files: `folder` when `uploads/` is in it, or its only subfolder that
    /// holds `uploads/` (an archive of the site's folder), or else `folder` as the site's `uploads/`
    /// itself (an archive of that folder's contents).
    static func siteFolder(in folder: URL) -> (folder: URL, uploadsOnly: Bool) {
        func hasUploads(_ url: URL) -> Bool {
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: url.appendingPathComponent("uploads").path, isDirectory: &isFolder) && isFolder.boolValue
        }
        if hasUploads(folder) { return (folder, false) }
        let children = (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? []
        if children.count == 1, hasUploads(children[0]) { return (children[0], false) }
        return (folder, true)
    }

    /// `$SITE_INFO['base_url']` of a Composr `_config.php`, without a trailing slash (nothing else of
    /// the file is read: it holds the site's database passwords).
    static func baseURL(configuration: URL) -> String? {
        guard let text = try? String(contentsOf: configuration, encoding: .utf8),
            let match = text.firstMatch(of: /\$SITE_INFO\[\s*'base_url'\s*\]\s*=\s*'([^'\\]*)'/)
        else { return nil }
        let url = String(match.1)
        guard !url.isEmpty else { return nil }
        return PublicURL.normalised(url)
    }

    /// The most files an archive may hold.
    static let maximumFiles = 500_000
    /// The most an archive may unpack to: fifty times its own size (images barely compress: a site's
    /// archive unpacks to about its size), and at least 256 MiB.
    static func maximumBytes(archiveBytes: Int) -> Int {
        max(256 << 20, archiveBytes.multipliedReportingOverflow(by: 50).partialValue)
    }

    /// Refuses an archive that would unpack to more files or bytes than the limits, from `tar`'s own
    /// listing (the sizes its headers give, which are what it writes), read as it comes and stopped at
    /// the first line past a limit: a 1 MB archive once unpacked to a gigabyte.
    private static func measure(_ archive: String, tar: String) throws(ComposrImportError) {
        let archiveBytes = ((try? FileManager.default.attributesOfItem(atPath: archive))?[.size] as? Int) ?? 0
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["LC_ALL=C", tar, "--list", "--verbose", "--file", archive]
        process.standardInput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let listing = Pipe()
        process.standardOutput = listing
        do { try process.run() } catch { throw .filesUnreadable(archive, "\(error)") }
        var files = 0
        var bytes = 0
        var pending: [UInt8] = []
        var over = false
        while !over {
            let chunk = listing.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            pending += chunk
            while let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
                // `-rw-r--r-- user/group 1234 2026-01-01 10:00 name`: the size is the third field.
                let fields = pending[..<end].split(separator: UInt8(ascii: " "), maxSplits: 3)
                files += 1
                bytes += fields.count > 2 ? Int(String(decoding: fields[2], as: UTF8.self)) ?? 0 : 0
                pending.removeSubrange(...end)
                if files > Self.maximumFiles || bytes > Self.maximumBytes(archiveBytes: archiveBytes) {
                    over = true
                    break
                }
            }
        }
        if over {
            process.terminate()
            process.waitUntilExit()
            throw .filesTooLarge(archive, files: Self.maximumFiles, bytes: Self.maximumBytes(archiveBytes: archiveBytes))
        }
        process.waitUntilExit()
    }

    /// Unpacks `archive` with `tar` (which strips leading `/` and refuses `..` in names, and makes
    /// links only after every file, so none of the archive is written outside `folder`).
    private static func unpack(_ archive: String, into folder: URL, tar: String) throws(ComposrImportError) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tar, "--extract", "--file", archive, "--directory", folder.path, "--no-same-owner", "--no-same-permissions"]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        do { try process.run() } catch { throw .filesUnreadable(archive, "\(error)") }
        let said = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let line = String(decoding: said, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? "exit status \(process.terminationStatus)"
            throw .filesUnreadable(archive, line)
        }
    }
}
