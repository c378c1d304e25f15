public import Messages
public import Storage
import Text

/// Staff changing a member: the one set of rules commandr_fs and the console both follow (names and
/// addresses by the site's rules, a real timezone, language and date of birth, groups that exist, a
/// new password checked and hashed, nobody banning themselves or changing their own standing, the
/// Guest account fixed). A face translates what it was sent into a ``MemberEdit`` and its answer out.
///
/// Checked in two steps so that no connection is held while a password is hashed: ``check(_:for:now:)``
/// needs none, ``apply(_:to:by:on:now:)`` runs in the caller's transaction.
public struct MemberAdministration: Sendable {
    /// An edit whose rules that need no database were checked, its password hashed.
    public struct Checked: Sendable {
        let columns: MemberChanges
        let passwordHash: String?
        let groups: [Int]?
        let administrator: Bool?
    }

    private let policies: AccountPolicySource
    private let passwordChange: PasswordChange

    public init(policies: AccountPolicySource, passwordChange: PasswordChange) {
        self.policies = policies
        self.passwordChange = passwordChange
    }

    /// Checks `edit` of `member` against the site's rules and hashes its password. Refusals are
    /// ``Refusal``s (a property named by commandr_fs's name for it) or ``AccountFailure``s.
    public func check(_ edit: MemberEdit, for member: MemberRecord, now: Int) async throws -> Checked {
        guard member.id != MemberRecord.guestID else { throw Refusal.invalid(.guestAccountFixed) }
        let rules = try await self.policies.current().rules
        var columns = edit.columns
        do {
            if let username = columns.username, username != member.username { try rules.check(username: username) } else { columns.username = nil }
            if let email = columns.email, email != member.email {
                if !email.isEmpty { try rules.check(email: email) }
            } else {
                columns.email = nil
            }
        } catch {
            throw AccountFailure(error)
        }
        if let timezone = columns.timezone, !TimezoneName.isKnown(timezone) { throw Refusal.invalid(.invalidProperty, "timezone") }
        if let language = columns.language {
            // Empty: no preference of the member's own (the browser's or the site's language applies).
            columns.language = language.isEmpty ? "" : try ConfigOptionRule.languageCode(language, option: "language")
        }
        if let parts = edit.dateOfBirth {
            guard let date = DateOfBirth(year: parts.year, month: parts.month, day: parts.day, now: now) else { throw AccountFailure(.invalidDateGiven) }
            columns.dateOfBirth = date.description
        }
        var passwordHash: String?
        if let password = edit.password { passwordHash = try await self.passwordChange.hash(password, rules: rules) }
        return Checked(columns: columns, passwordHash: passwordHash, groups: edit.groups, administrator: edit.administrator)
    }

    /// Applies `checked` to `member` as staff member `actorID` on `connection` (inside the caller's
    /// transaction): a new password ends every session of the member. Call
    /// ``PasswordChange/committed(memberID:)`` after the transaction when it set one.
    public func apply(_ checked: Checked, to member: MemberRecord, by actorID: Int, on connection: StoreConnection, now: Int) async throws {
        if member.id == actorID {
            if checked.columns.banned == true { throw Refusal.invalid(.cannotDeleteSelf) }
            if checked.administrator != nil { throw Refusal.invalid(.consoleNotYourself) }
        }
        for groupID in checked.groups ?? [] where try await ResourceIdentityStore.find(.group, id: groupID, on: connection) == nil {
            throw Refusal.invalid(.invalidProperty, "groups")
        }
        try await MemberStore.apply(checked.columns, to: member.id, on: connection, now: now)
        if let hash = checked.passwordHash { try await PasswordChange.apply(hash: hash, memberID: member.id, on: connection, now: now) }
        if let groups = checked.groups { try await MemberStore.setGroups(Set(groups + [member.primaryGroupID]), memberID: member.id, on: connection) }
        if let administrator = checked.administrator { try await MemberStore.setAdministrator(administrator, memberID: member.id, on: connection) }
    }
}
