import Auth
import Storage

/// What the account commands share: the site's rules and a one-thread hashing pool that lives as long
/// as the command, with the accounts' refusals turned into operator sentences.
enum AccountCommands {
    /// Runs `body` with the site's account policy and a hasher using the site's Argon2id parameters.
    static func run<Result>(
        on database: Database, _ body: (AccountPolicy, PasswordHasher) async throws -> Result
    ) async throws -> Result {
        let options = try await ConfigOptions.load(from: database)
        let hasher = PasswordHasher(parameters: Argon2idParameters(options: options), threads: 1, maximumPending: 1)
        do {
            let result = try await body(AccountPolicy(options: options, publicURL: ""), hasher)
            try await hasher.shutdown()
            return result
        } catch let failure as AccountFailure {
            try? await hasher.shutdown()
            throw CommandFailure(failure)
        } catch let conflict as MemberRegistration.Conflict {
            try? await hasher.shutdown()
            throw CommandFailure(conflict)
        } catch {
            try? await hasher.shutdown()
            throw error
        }
    }
}
