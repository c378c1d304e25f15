import Auth
import EndpointCore

/// How a member's groups appear in answers (`account/login`, `account/session`).
enum MembershipJSON {
    /// `[{"id": …, "name": …}, …]`.
    static func groups(_ membership: Membership) -> JSONValue {
        .array(membership.groups.map { ["id": .int($0.id), "name": .string($0.name)] })
    }
}
