import Auth
import Storage
import Text

/// Finds the member a command names, or fails with a sentence for the operator.
enum MemberLookup {
    static func find(_ login: String, in database: Database) async throws -> MemberRecord {
        guard let member = try await database.withConnection({ try await MemberStore.find(login: login.trimmingWhitespace, on: $0) }),
            member.id != MemberRecord.guestID
        else { throw CommandFailure("There is no member \u{2018}\(login)\u{2019}.") }
        return member
    }
}
