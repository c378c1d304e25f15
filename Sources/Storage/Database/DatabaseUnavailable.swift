import AsyncKit
public import Messages
import NIOCore
import NIOPosix
import PostgresKit
import SQLiteKit

/// The database cannot be used right now: PostgreSQL stopped, restarting, refusing connections or
/// dropping them, the pool closed or out of connections; SQLite locked by another writer past the busy
/// timeout, read-only or impossible to open. A passing state the caller answers with 503 and
/// `Retry-After` ("try again shortly"), not a bug to report with a 500.
///
/// ``Database`` turns such driver errors into this type, so nothing above the stores needs to know
/// the drivers' errors.
public struct DatabaseUnavailable: Error, CustomStringConvertible {
    /// The driver's error, for logs.
    public let underlying: any Error

    public var description: String { "database unavailable: \(String(reflecting: self.underlying))" }

    /// How long clients are asked to wait before trying again.
    public static let retryAfterSeconds = 5

    /// `error` as an unavailability, when it is one.
    static func recognize(_ error: any Error) -> DatabaseUnavailable? {
        if error is DatabaseUnavailable { return nil }
        return Self.isUnavailability(error) ? DatabaseUnavailable(underlying: error) : nil
    }

    private static func isUnavailability(_ error: any Error) -> Bool {
        switch error {
        case let error as PSQLError:
            switch error.code {
            case .connectionError, .serverClosedConnection, .clientClosedConnection, .uncleanShutdown, .poolClosed:
                return true
            case .server:
                // Class 08 (connection exception), 57P01–57P03 (shutting down, crash recovery, not yet
                // accepting connections), 53300 (too many connections), 25006 (a read-only standby).
                let state = error.serverInfo?[.sqlState] ?? ""
                return state.hasPrefix("08") || ["57P01", "57P02", "57P03", "53300", "25006"].contains(state)
            default:
                return false
            }
        case let error as SQLiteError:
            // Busy and locked past the busy timeout, read-only files or folders, files that cannot be
            // opened, I/O failures and a full disk, with all their extended codes (sqlite-nio keeps the
            // codes internal, so its case names are matched: `readOnly`, `readonlyDirectory`…).
            let reason = String(describing: error.reason).lowercased()
            return ["busy", "locked", "readonly", "cantopen", "ioerror", "full"].contains { reason.hasPrefix($0) }
        case is NIOConnectionError, is IOError, is ChannelError, is ConnectionPoolTimeoutError:
            return true
        case let error as ConnectionPoolError:
            return error == .shutdown
        default:
            return false
        }
    }
}

extension DatabaseUnavailable: RefusalConvertible {
    /// "Temporarily unavailable": clients retry after `Retry-After`; nothing was half-written (the
    /// transaction, if any, did not commit).
    public var refusal: Refusal {
        Refusal(.unavailable, .siteUnavailable, retryAfterSeconds: Self.retryAfterSeconds)
    }
}
