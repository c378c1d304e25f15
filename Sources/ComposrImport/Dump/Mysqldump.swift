public import Foundation

/// A live Composr database read through `mysqldump` (Debian's MariaDB client), its output read as it
/// comes like a dump file's (``input``), so memory stays bounded whatever the site's size. The
/// password reaches mysqldump in an options file only this user can read, never on its command line
/// (which every user of the machine can list).
public final class Mysqldump {
    /// Where the database is: `mysql://user:password@host:port/database` (the port 3306 when left out,
    /// the user and password percent-encoded where they hold `@`, `:` or `/`).
    public struct Address: Equatable, Sendable {
        public var host: String
        public var port: Int
        public var user: String
        public var password: String
        public var database: String

        public init(parsing text: String) throws(ComposrImportError) {
            guard let url = URLComponents(string: text), url.scheme == "mysql" || url.scheme == "mariadb", let host = url.host, !host.isEmpty,
                let user = url.user, !user.isEmpty
            else { throw ComposrImportError.badAddress }
            let database = String(url.path.drop { $0 == "/" })
            guard !database.isEmpty, !database.contains("/") else { throw ComposrImportError.badAddress }
            // Each value goes into mysqldump's options file or on its command line: a line break would
            // add an option of its own (`plugin-dir`, `default-auth` load code), a leading `-` make a
            // name an option.
            let password = url.password ?? ""
            guard [host, user, password, database].allSatisfy({ !$0.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F } }),
                [host, user, database].allSatisfy({ !$0.hasPrefix("-") })
            else { throw ComposrImportError.unsafeAddress }
            self.host = host
            self.port = url.port ?? 3306
            self.user = user
            self.password = password
            self.database = database
        }
    }

    private let process = Process()
    private let folder: URL
    /// Where mysqldump's standard error goes (a sentence of it is the answer when it fails).
    private let errorsFile: URL
    /// mysqldump's output, read as a dump.
    public let input: DumpFile

    /// Starts mysqldump on `address` (`program`: its name on the PATH, or a path).
    public init(_ address: Address, program: String = "mysqldump") throws {
        self.folder = FileManager.default.temporaryDirectory.appendingPathComponent("endpoint-mysqldump-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: self.folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        self.errorsFile = self.folder.appendingPathComponent("errors")
        let options = self.folder.appendingPathComponent("client.cnf")
        FileManager.default.createFile(atPath: options.path, contents: nil, attributes: [.posixPermissions: 0o600])
        let settings = [
            ("user", address.user), ("password", address.password), ("host", address.host), ("port", String(address.port)), ("protocol", "TCP"),
        ]
        try Data(("[client]\n" + settings.map { "\($0.0)=\(Self.optionValue($0.1))\n" }.joined()).utf8).write(to: options)
        let output = Pipe()
        self.process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // A consistent snapshot without locking the live site's tables; rows as the site stores them.
        // Who and where are in the options file with the password: only the database's name, checked,
        // is on the command line.
        self.process.arguments = [
            program, "--defaults-extra-file=\(options.path)", "--single-transaction", "--quick", "--default-character-set=utf8mb4", "--no-tablespaces",
            "--skip-triggers", address.database,
        ]
        self.process.standardOutput = output
        self.process.standardInput = FileHandle.nullDevice
        FileManager.default.createFile(atPath: self.errorsFile.path, contents: nil)
        self.process.standardError = try FileHandle(forWritingTo: self.errorsFile)
        try self.process.run()
        self.input = DumpFile(output.fileHandleForReading)
    }

    /// mysqldump's failure once the dump was read from it, or nil when it succeeded. `stopping`:
    /// reading failed. A mysqldump that failed itself (and so cut the dump short) ends at once and
    /// answers its error; one still running a moment later is writing a dump the reader refused, and
    /// is stopped (nil: the reading's error stands).
    public func failure(stopping: Bool) -> ComposrImportError? {
        defer { try? FileManager.default.removeItem(at: self.folder) }
        if stopping {
            let deadline = ContinuousClock.now + .seconds(2)
            while self.process.isRunning, ContinuousClock.now < deadline { usleep(10_000) }
            if self.process.isRunning {
                self.process.terminate()
                self.process.waitUntilExit()
                return nil
            }
        }
        self.process.waitUntilExit()
        guard self.process.terminationReason != .exit || self.process.terminationStatus != 0 else { return nil }
        let errors = (try? String(contentsOf: self.errorsFile, encoding: .utf8)) ?? ""
        let line = errors.split(separator: "\n").first { !$0.isEmpty }.map(String.init) ?? "exit status \(self.process.terminationStatus)"
        return ComposrImportError.mysqldumpFailed(line)
    }

    /// A value for an options file, quoted (the file reads `\\` and `"` escaped inside quotes).
    private static func optionValue(_ value: String) -> String {
        "\"" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
