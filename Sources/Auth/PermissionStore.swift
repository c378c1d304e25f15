public import SiteStore
import SQLKit

/// Reads a member's groups and what they grant.
public struct PermissionStore: Sendable {
    private let database: Database

    public init(database: Database) {
        self.database = database
    }

    /// The member's groups and whether they make the member staff or admin (one query; what most
    /// requests need).
    public func groups(of memberID: Int) async throws -> (groups: [MemberPermissions.Group], isAdmin: Bool, isStaff: Bool) {
        try await self.database.withConnection { connection in
            try await Self.groups(of: memberID, on: connection)
        }
    }

    /// Everything the login answer reports.
    public func permissions(of memberID: Int, now: Int = UnixTime.now) async throws -> MemberPermissions {
        try await self.database.withConnection { connection in
            let membership = try await Self.groups(of: memberID, on: connection)
            let memberGroups: SQLQueryString = "SELECT group_id FROM group_members WHERE member_id = \(bind: memberID)"
            let unexpired: SQLQueryString = "member_id = \(bind: memberID) AND (active_until IS NULL OR active_until > \(bind: now))"
            let privileges: SQLQueryString = membership.isAdmin
                ? "SELECT name AS value FROM privileges"
                : """
                    SELECT privilege AS value FROM group_privileges WHERE group_id IN (\(memberGroups))
                    UNION SELECT privilege AS value FROM member_privileges WHERE \(unexpired)
                    """
            let pages: SQLQueryString = """
                SELECT page AS value FROM group_page_access WHERE group_id IN (\(memberGroups))
                UNION SELECT page AS value FROM member_page_access WHERE \(unexpired)
                """
            let zones: SQLQueryString = membership.isAdmin
                ? "SELECT name AS value FROM zones"
                : """
                    SELECT zone AS value FROM group_zone_access WHERE group_id IN (\(memberGroups))
                    UNION SELECT zone AS value FROM member_zone_access WHERE \(unexpired)
                    """
            return MemberPermissions(
                groups: membership.groups,
                isAdmin: membership.isAdmin,
                isStaff: membership.isStaff,
                privileges: try await Self.values(privileges, on: connection),
                pagesBlacklist: membership.isAdmin ? [] : try await Self.values(pages, on: connection),
                zoneAccess: try await Self.values(zones, on: connection)
            )
        }
    }

    private static func groups(
        of memberID: Int, on connection: any SQLDatabase
    ) async throws -> (groups: [MemberPermissions.Group], isAdmin: Bool, isStaff: Bool) {
        let rows = try await connection.raw("""
            SELECT g.id, g.name, g.is_super_admin, g.is_super_moderator
            FROM groups g JOIN group_members gm ON gm.group_id = g.id
            WHERE gm.member_id = \(bind: memberID) ORDER BY g.id
            """).all()
        var groups: [MemberPermissions.Group] = []
        var isAdmin = false
        var isModerator = false
        for row in rows {
            groups.append(.init(id: try row.decode(column: "id", as: Int.self), name: try row.decode(column: "name", as: String.self)))
            isAdmin = try isAdmin || row.decode(column: "is_super_admin", as: Bool.self)
            isModerator = try isModerator || row.decode(column: "is_super_moderator", as: Bool.self)
        }
        return (groups, isAdmin, isAdmin || isModerator)
    }

    private static func values(_ query: SQLQueryString, on connection: any SQLDatabase) async throws -> [String] {
        try await connection.raw("SELECT DISTINCT value FROM (\(query)) AS v ORDER BY value").all()
            .map { try $0.decode(column: "value", as: String.self) }
    }
}
