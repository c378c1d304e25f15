public import Messages
/// A write refused by a unique index: the value (a username, an e-mail address, a group name) is
/// already taken by another row.
///
/// Uniqueness is decided by the database, never by check-then-write, so two simultaneous writes cannot
/// both succeed; the loser gets this error naming what it tried to take.
public struct DuplicateValue: Error, Sendable, Equatable {
    /// Which value clashed.
    public enum Field: Sendable, Equatable {
        case username
        case email
        case groupName
    }

    public let field: Field
    /// The value as the caller gave it.
    public let value: String

    public init(_ field: Field, _ value: String) {
        self.field = field
        self.value = value
    }

    /// Runs `write`, reporting a unique-index violation named in `indexes` as the duplicate it means.
    package static func catching<Result>(
        _ indexes: [String: DuplicateValue], _ write: () async throws -> Result
    ) async throws -> Result {
        do {
            return try await write()
        } catch {
            if let name = ConstraintViolation.uniqueIndexName(in: error), let duplicate = indexes[name] { throw duplicate }
            throw error
        }
    }
}

extension DuplicateValue: RefusalConvertible {
    /// "One of these with the name … already exists", naming the value (a commandr_fs edit).
    public var refusal: Refusal {
        .invalid(.alreadyExists, self.value)
    }
}
