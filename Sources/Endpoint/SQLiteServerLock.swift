import Foundation
import Outbox

/// One `endpoint serve` per SQLite file, held by an advisory lock on `<file>.serve-lock` until the
/// process exits (the kernel lets go of it however the process ends, `kill -9` included).
///
/// The outboxes rely on it: a server starting on an SQLite file takes back every lease in it, since
/// any holder other than itself can only be a process that died (``LeaseHolder``). Commands other than
/// `serve` (`mail list`, `member add`…) do not take it.
enum SQLiteServerLock {
    /// Takes the lock of the server of the SQLite file at `path` (whose folder exists), or says which
    /// file another server holds.
    static func take(for path: String) throws {
        let lockPath = path + ".serve-lock"
        let descriptor = open(lockPath, O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw CommandFailure("Cannot open \(lockPath): \(String(cString: strerror(errno))).") }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            throw CommandFailure(
                "Another endpoint serve is using sqlite://\(path): one server runs on an SQLite file (several instances share a PostgreSQL database).")
        }
        // The descriptor stays open, and the lock held, for the rest of the process.
    }
}
