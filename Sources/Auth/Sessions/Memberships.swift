public import Storage

/// A member's groups and what they grant, with recently read memberships remembered.
///
/// Most requests need only the membership (name, groups, staff and admin standing), so that is what is
/// remembered, for ``SessionPolicy/cacheSeconds`` like recognised sessions; the full permission lists
/// of the login answer are always read.
public struct Memberships: Sendable {
    private let database: Database
    private let clock: SiteClock
    /// Memberships by member ID.
    private let cache: ExpiringCache<Int, Membership>?

    /// - Parameter cacheSeconds: how long a membership read is remembered (0: always read; see
    ///   ``ExpiringCache`` for what a cache lifetime means across server instances).
    public init(database: Database, clock: SiteClock, cacheSeconds: Int = 0) {
        self.database = database
        self.clock = clock
        self.cache = cacheSeconds > 0 ? ExpiringCache(name: "memberships", lifetimeSeconds: cacheSeconds, trust: database.cacheTrust) : nil
    }

    /// The member's name, groups and standing (one query, or none when recently read). Nil when there
    /// is no such member.
    public func membership(of memberID: Int) async throws -> Membership? {
        let now = self.clock.now
        if let cached = self.cache?.value(for: memberID, now: now) { return cached }
        let membership = try await self.database.withConnection { try await PermissionStore.membership(of: memberID, on: $0) }
        if let membership { self.cache?.store(membership, for: memberID, now: now) }
        return membership
    }

    /// Everything the login answer reports, on a connection of its own. Nil when there is no such
    /// member.
    public func permissions(of memberID: Int) async throws -> MemberPermissions? {
        try await self.database.withConnection { try await self.permissions(of: memberID, on: $0) }
    }

    /// Everything the login answer reports, read on `connection`. Nil when there is no such member.
    public func permissions(of memberID: Int, on connection: StoreConnection) async throws -> MemberPermissions? {
        try await PermissionStore.permissions(of: memberID, now: self.clock.now, on: connection)
    }

    /// Drops the remembered membership of `memberID` (after its groups changed).
    public func forget(memberID: Int) {
        self.cache?.forget { key, _ in key == memberID }
    }

    /// Drops every remembered membership (after a group's standing changed).
    public func forgetAll() {
        self.cache?.forget { _, _ in true }
    }
}
