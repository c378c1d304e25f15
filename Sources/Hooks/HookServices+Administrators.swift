public import Auth
import Messages

extension HookServices {
    /// The caller's membership when it is an administrator; otherwise Composr's 401 access-denied
    /// answer naming the caller (reference §4.6), for every admin-only hook.
    public func requireAdministrator(_ caller: Caller) async throws -> Membership {
        let membership = try await self.permissions.membership(of: caller.memberID)
        guard let membership, membership.isAdmin else {
            throw EndpointError(status: 401, message: .accessDeniedPageAccess, arguments: [membership?.username ?? "Guest"])
        }
        return membership
    }
}
