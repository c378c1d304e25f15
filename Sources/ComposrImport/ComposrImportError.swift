/// Why an import stopped before writing anything, in a sentence saying what to do.
public enum ComposrImportError: Error, Equatable, CustomStringConvertible {
    case notComposr
    case prefixNotFound(String)
    case missingTable(String)
    case missingColumn(table: String, column: String)
    case badValue(table: String, column: String)
    /// A row of this server's own stands where a Composr row keeps its ID.
    case collision(kind: String, id: Int, here: String, there: String)
    /// `--from` is not a `mysql://` address of a database (not repeated: it may hold a password).
    case badAddress
    /// `--from`'s address holds a control character, or a host, user or database name starting with `-`.
    case unsafeAddress
    /// mysqldump ended with this error.
    case mysqldumpFailed(String)
    /// The temporary file the big tables' records wait in could not be written or read (why).
    case temporaryFile(String)
    /// `--files` names nothing.
    case filesNotFound(String)
    /// `--files` names an archive `tar` could not unpack (its error).
    case filesUnreadable(String, String)
    /// `--files` names an archive holding more files or unpacking to more bytes than the limits.
    case filesTooLarge(String, files: Int, bytes: Int)

    public var description: String {
        switch self {
        case .notComposr:
            return "The dump holds no Composr member table (…f_members): is it a Composr site's database?"
        case .prefixNotFound(let prefix):
            return "The dump holds no table \(prefix)f_members: check --prefix (leave it out to find the prefix from the dump)."
        case .missingTable(let table):
            return "The dump holds no table \(table): dump the whole Composr database, not some of its tables."
        case .missingColumn(let table, let column):
            return "Table \(table) has no column \(column): the import reads Composr 10's tables; upgrade the site to Composr 10 first."
        case .badValue(let table, let column):
            return "A value of \(table).\(column) is not what Composr writes there: the dump is damaged."
        case .badAddress:
            return "--from takes the Composr database's address: mysql://user:password@host:port/database."
        case .unsafeAddress:
            return "--from's address may hold no line break or other control character, and its host, user and database may not start with “-”."
        case .mysqldumpFailed(let error):
            return "mysqldump could not read the Composr database (\(error)): check the address, the password and that the user may read the database."
        case .temporaryFile(let reason):
            return "The import's temporary file failed (\(reason)): check the room left in the temporary folder (TMPDIR)."
        case .filesNotFound(let path):
            return "There is no folder or archive \(path): --files takes the Composr site's folder, or an archive of it or of its uploads folder."
        case .filesTooLarge(let path, let files, let bytes):
            return "The archive \(path) holds more than \(files) files or unpacks to more than \(bytes / (1 << 20)) MiB: give the site's folder instead."
        case .filesUnreadable(let path, let error):
            return "The archive \(path) could not be unpacked (\(error)): --files takes a folder, or an archive tar reads (.tar, .tar.gz)."
        case .collision(let kind, let id, let here, let there):
            return
                "This server's \(kind) \(id) (\(here)) stands where the Composr site's \(kind) \(id) (\(there)) keeps its ID: import into a new database (endpoint migrate --database …), then move what was made here."
        }
    }
}
