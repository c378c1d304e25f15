import SQLKit
public import Storage

/// Reads a member's groups and what they grant (privileges, page deny lists, zones), in as few queries
/// as the answer needs.
public enum PermissionStore {
    /// Everything the login answer reports. Nil when there is no such member.
    public static func permissions(of memberID: Int, now: Int, on connection: StoreConnection) async throws -> MemberPermissions? {
        guard let membership = try await Self.membership(of: memberID, on: connection) else { return nil }
        let memberGroups: SQLQueryString = "SELECT group_id FROM group_members WHERE member_id = \(bind: memberID)"
        let unexpired: SQLQueryString = "member_id = \(bind: memberID) AND (active_until IS NULL OR active_until > \(bind: now))"
        let privileges: SQLQueryString =
            membership.isAdmin
            ? "SELECT name AS value FROM privileges"
            : """
            SELECT privilege AS value FROM group_privileges WHERE group_id IN (\(memberGroups))
            UNION SELECT privilege AS value FROM member_privileges WHERE \(unexpired)
            """
        let pages: SQLQueryString = """
            SELECT page AS value FROM group_page_access WHERE group_id IN (\(memberGroups))
            UNION SELECT page AS value FROM member_page_access WHERE \(unexpired)
            """
        let zones: SQLQueryString =
            membership.isAdmin
            ? "SELECT name AS value FROM zones"
            : """
            SELECT zone AS value FROM group_zone_access WHERE group_id IN (\(memberGroups))
            UNION SELECT zone AS value FROM member_zone_access WHERE \(unexpired)
            """
        var queries = ["privileges": privileges, "zones": zones]
        if !membership.isAdmin { queries["pages"] = pages }
        let lists = try await Self.lists(queries, on: connection)
        return MemberPermissions(
            membership: membership,
            privileges: lists["privileges", default: []],
            pagesBlacklist: lists["pages", default: []],
            zoneAccess: lists["zones", default: []]
        )
    }

    /// The member's name and groups, and whether the groups make the member staff or admin (one query;
    /// what most requests need). Nil when there is no such member.
    public static func membership(of memberID: Int, on connection: StoreConnection) async throws -> Membership? {
        let rows = try await connection.raw(
            """
            SELECT m.username, g.id, g.name, g.is_super_admin, g.is_super_moderator
            FROM members m LEFT JOIN group_members gm ON gm.member_id = m.id LEFT JOIN groups g ON g.id = gm.group_id
            WHERE m.id = \(bind: memberID) ORDER BY g.id
            """
        ).all()
        guard let first = rows.first else { return nil }
        var groups: [Membership.Group] = []
        var isAdmin = false
        var isModerator = false
        for row in rows {
            guard let id = try row.decode(column: "id", as: Int?.self) else { continue }
            groups.append(.init(id: id, name: try row.decode(column: "name", as: String.self)))
            isAdmin = try isAdmin || row.decode(column: "is_super_admin", as: Bool.self)
            isModerator = try isModerator || row.decode(column: "is_super_moderator", as: Bool.self)
        }
        return Membership(
            username: try first.decode(column: "username", as: String.self),
            groups: groups, isAdmin: isAdmin, isStaff: isAdmin || isModerator
        )
    }

    /// The distinct, sorted values of each named query, in one round trip (a login reads three lists).
    private static func lists(_ queries: [String: SQLQueryString], on connection: StoreConnection) async throws -> [String: [String]] {
        let union = queries.sorted { $0.key < $1.key }.map { name, query -> SQLQueryString in
            "SELECT DISTINCT \(bind: name) AS list, value FROM (\(query)) AS \(ident: name)"
        }.joined(separator: " UNION ALL ")
        var lists: [String: [String]] = [:]
        for row in try await connection.raw("\(union) ORDER BY list, value").all() {
            lists[try row.decode(column: "list", as: String.self), default: []].append(try row.decode(column: "value", as: String.self))
        }
        return lists
    }
}
