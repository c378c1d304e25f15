import ArgumentParser
import ComposrImport
import Foundation
import Logging
import Media
import Storage

/// `endpoint import composr DUMP.sql`: a Composr 10 site's members (with their passwords as they
/// are), groups, news categories and articles, from its mysqldump, in one transaction.
struct ImportComposrCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "composr",
        abstract: "Import a Composr 10 site from its database dump (mysqldump).",
        discussion: """
            Members keep their IDs and passwords (checked as Composr checks them, moved to Argon2id at their \
            first login), groups and memberships come with them, news categories and articles keep their IDs \
            (bodies are Comcode, rendered as rich articles); with --files, the images they show go into the media \
            library. Give the same --public-url as endpoint serve. \
            Nothing is written when anything fails, or with --dry-run. Progress goes to standard error.
            """
    )

    @Argument(help: "The dump (mysqldump's output), or - for standard input; or give --from.")
    var dump: String?

    @Option(help: "Read the Composr database itself, through mysqldump: mysql://user:password@host:port/database.")
    var from: String?

    @Option(
        help: """
            The Composr site's files, for the images of articles and categories, the images and attachments of \
            bodies, and the galleries' videos: its folder, or an archive of it or of its uploads folder (.tar, .tar.gz).
            """)
    var files: String?

    /// Where the galleries' videos go (with `--files`).
    @OptionGroup var mediaStoreOptions: MediaStoreOptions

    @Option(
        help: """
            What becomes the articles' tags: keywords (their Composr keywords, including those Composr made from \
            the text when an editor gave none) or none.
            """)
    var tags: KeywordTags = .keywords

    /// The choices of `--tags`.
    enum KeywordTags: String, ExpressibleByArgument, CaseIterable {
        case keywords, none
    }

    @Option(help: "Composr's table prefix (found from the dump when left out).")
    var prefix: String?

    @Flag(help: "Read and import everything, then write nothing.")
    var dryRun = false

    @Flag(help: "Print the report as JSON.")
    var json = false

    @Flag(
        help: """
            Keep apps signed in to the Composr site signed in: the member's Composr password hash they hold is \
            accepted as a session until the member logs in here, changes the password, logs out everywhere or \
            composr_app_sessions_days pass.
            """)
    var keepAppSessions = false

    @OptionGroup var databaseOptions: DatabaseOptions

    @Option(name: ServerFlags.publicURL.argumentName, help: ServerFlags.publicURL.help)
    var publicURL: String?

    func validate() throws {
        guard (self.dump == nil) != (self.from == nil) else { throw ValidationError("Give the dump or --from, one of them.") }
    }

    func run() async throws {
        let logger = Logger(label: "endpoint.import")
        let publicURL = self.publicURL ?? ServerFlags.publicURL.environmentValue(ProcessInfo.processInfo.environment) ?? ""
        let files = try self.files.map { path throws(CommandFailure) in
            do throws(ComposrImportError) { return try ComposrFiles(path) } catch { throw CommandFailure(error.description) }
        }
        defer { files?.close() }
        let site = try self.readSite()
        let workshop = MediaWorkshop(threads: 1, maximumPending: 1)
        defer { Task { try? await workshop.shutdown() } }
        // A dry run into an SQLite file that does not exist yet leaves none behind: the database made
        // to import into is removed, so "nothing was written" holds.
        let madeForTheRun: String? = try {
            guard self.dryRun, case .sqlite(let path) = try self.databaseOptions.databaseURL(), path != ":memory:",
                !FileManager.default.fileExists(atPath: path)
            else { return nil }
            return path
        }()
        defer {
            if let path = madeForTheRun {
                for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: path + suffix) }
            }
        }
        let clock = SiteClock.system
        let report = try await self.databaseOptions.withDatabase(logger: logger) { database in
            try await self.databaseOptions.migrate(database, logger: logger)
            let config = try await ConfigStore.load(from: database, clock: clock)
            let uploads = MediaUploads(database: database, config: config, workshop: workshop, clock: clock)
            let videos = VideoUploads(database: database, config: config, folder: self.mediaStoreOptions.folder, clock: clock)
            do {
                return try await ComposrImporter(publicURL: publicURL).run(
                    site, into: database, now: clock.now, dryRun: self.dryRun, keepAppSessions: self.keepAppSessions,
                    keywordsAsTags: self.tags == .keywords,
                    files: files.map { ComposrImporter.ImportedFiles($0, images: uploads, videos: videos) }, progress: ImportProgress.print)
            } catch let error as ComposrImportError {
                throw CommandFailure(error.description)
            }
        }
        if self.json {
            let data = try JSONSerialization.data(withJSONObject: report.json, options: [.sortedKeys])
            print(String(decoding: data, as: UTF8.self))
        } else {
            print(report.text)
        }
    }

    /// The site read from the dump or the database, or a sentence saying where it is wrong.
    private func readSite() throws -> ComposrSite {
        do {
            if let from = self.from {
                let mysqldump = try Mysqldump(try Mysqldump.Address(parsing: from))
                let site: ComposrSite
                do {
                    site = try Self.read(mysqldump.input, prefix: self.prefix)
                } catch {
                    throw mysqldump.failure(stopping: true) ?? error
                }
                // A dump that read whole may still be one mysqldump cut short by an error.
                if let failure = mysqldump.failure(stopping: false) { throw failure }
                return site
            }
            let dump = self.dump ?? "-"
            guard let handle = dump == "-" ? FileHandle.standardInput : FileHandle(forReadingAtPath: dump) else {
                throw CommandFailure("Cannot read \(dump).")
            }
            return try Self.read(DumpFile(handle), prefix: self.prefix)
        } catch let error as DumpError {
            throw CommandFailure(error.description)
        } catch let error as ComposrImportError {
            throw CommandFailure(error.description)
        }
    }

    private static func read(_ input: some DumpInput, prefix: String?) throws -> ComposrSite {
        var reader = DumpReader(ImportProgress.Reading(input))
        return try ComposrSite.read(&reader, prefix: prefix)
    }
}
