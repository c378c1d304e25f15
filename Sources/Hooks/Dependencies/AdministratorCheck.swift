public import Auth
public import EndpointCore
public import Messages

/// The gate of the admin-only hooks (`content/commandr_fs`, `misc/push_send`): who the caller is, and
/// whether their groups make them an administrator.
public struct AdministratorCheck: Sendable {
    /// The caller's membership (name, groups, standing), nil for a member that does not exist.
    public var membership: @Sendable (_ memberID: Int) async throws -> Membership?

    public init(membership: @escaping @Sendable (_ memberID: Int) async throws -> Membership?) {
        self.membership = membership
    }

    /// Reads memberships through `memberships` (remembered for a few seconds).
    public static func live(_ memberships: Memberships) -> Self {
        Self(membership: { try await memberships.membership(of: $0) })
    }

    /// The caller's membership when it is an administrator; otherwise Composr's 401 access-denied
    /// answer naming the caller (reference §4.6).
    public func require(_ caller: Caller) async throws -> Membership {
        let membership = try await self.membership(caller.memberID)
        guard let membership, membership.isAdmin else {
            throw EndpointError(status: 401, message: .accessDeniedPageAccess, arguments: [membership?.username ?? "Guest"])
        }
        return membership
    }
}
