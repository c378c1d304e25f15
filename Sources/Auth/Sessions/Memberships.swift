public import Storage

/// A member's groups and what they grant, with recently read memberships remembered.
///
/// Most requests need only the membership (name, groups, staff and admin standing), so that is what is
/// remembered, for ``SessionPolicy/cacheSeconds`` like recognised sessions; the full permission lists
/// of the login answer are always read.
public struct Memberships: Sendable {
    private let store: PermissionStore
    private let clock: SiteClock
    /// Memberships by member ID.
    private let cache: ExpiringCache<Int, Membership>?

    /// - Parameter cacheSeconds: how long a membership read is remembered (0: always read; see
    ///   ``ExpiringCache`` for what a cache lifetime means across server instances).
    public init(database: Database, clock: SiteClock, cacheSeconds: Int = 0) {
        self.store = PermissionStore(database: database)
        self.clock = clock
        self.cache = cacheSeconds > 0 ? ExpiringCache(name: "memberships", lifetimeSeconds: cacheSeconds, trust: database.cacheTrust) : nil
    }

    /// The member's name, groups and standing (one query, or none when recently read). Nil when there
    /// is no such member.
    public func membership(of memberID: Int) async throws -> Membership? {
        let now = self.clock.now
        if let cached = self.cache?.value(for: memberID, now: now) { return cached }
        let membership = try await self.store.membership(of: memberID)
        if let membership { self.cache?.store(membership, for: memberID, now: now) }
        return membership
    }

    /// Everything the login answer reports. Nil when there is no such member.
    public func permissions(of memberID: Int) async throws -> MemberPermissions? {
        try await self.store.permissions(of: memberID, now: self.clock.now)
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
