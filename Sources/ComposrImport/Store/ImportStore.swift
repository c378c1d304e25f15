import SQLKit
import Storage

/// The import's statements: rows written with the Composr site's own IDs, where links and apps hold
/// them, and what this server already holds looked up to match or refuse them.
enum ImportStore {
    // MARK: Groups

    /// This server's groups: ID, name, flags.
    static func groups(on connection: StoreConnection) async throws -> [(id: Int, name: String, superAdmin: Bool, superModerator: Bool)] {
        try await connection.raw("SELECT id, name, is_super_admin, is_super_moderator FROM groups ORDER BY id").all().map {
            (
                try $0.decode(column: "id", as: Int.self), try $0.decode(column: "name", as: String.self),
                try $0.decode(column: "is_super_admin", as: Bool.self), try $0.decode(column: "is_super_moderator", as: Bool.self)
            )
        }
    }

    /// The groups earlier imports made, by Composr's group ID.
    static func importedGroups(on connection: StoreConnection) async throws -> [Int: Int] {
        var groups: [Int: Int] = [:]
        for row in try await connection.raw("SELECT composr_id, group_id FROM composr_groups").all() {
            groups[try row.decode(column: "composr_id", as: Int.self)] = try row.decode(column: "group_id", as: Int.self)
        }
        return groups
    }

    static func recordImportedGroup(composrID: Int, as groupID: Int, on connection: StoreConnection) async throws {
        try await connection.raw("INSERT INTO composr_groups (composr_id, group_id) VALUES (\(bind: composrID), \(bind: groupID))").run()
    }

    /// A group made for a Composr group, never with a super-administrator's or super-moderator's
    /// standing (those are matched to this server's own).
    static func insertGroup(named name: String, on connection: StoreConnection) async throws -> Int {
        connection.markStale(.groups)
        let row = try await connection.raw(
            """
            INSERT INTO groups (name) VALUES (\(bind: name))
            RETURNING id
            """
        ).first()
        guard let id = try row?.decode(column: "id", as: Int.self) else { throw InsertedRowMissing(table: "groups") }
        return id
    }

    // MARK: Members

    /// Every member here: ID, username, address, password hash (read once: looked up member by member,
    /// a big site's import made a query of each, and PostgreSQL, whose statistics inside the import's
    /// transaction still say the table is small, answered a batch's by reading the whole table).
    static func members(on connection: StoreConnection) async throws -> [(id: Int, username: String, email: String, passwordHash: String)] {
        try await connection.raw("SELECT id, username, email, password_hash FROM members").all().map {
            (
                try $0.decode(column: "id", as: Int.self), try $0.decode(column: "username", as: String.self),
                try $0.decode(column: "email", as: String.self), try $0.decode(column: "password_hash", as: String.self)
            )
        }
    }

    /// The address of member `id`, nil when there is none.
    static func email(ofMember id: Int, on connection: StoreConnection) async throws -> String? {
        try await connection.raw("SELECT email FROM members WHERE id = \(bind: id)").first()?.decode(column: "email", as: String.self)
    }

    /// Writes `members` in one statement, each with its password, primary group and language, and their
    /// primary groups' memberships in another (this server reads a member's groups, their standing and
    /// privileges from `group_members`, the primary group's row included, as `MemberStore` writes it).
    static func insertMembers(
        _ members: [(member: ComposrMember, password: ImportedPassword, primaryGroupID: Int, language: String)], on connection: StoreConnection
    ) async throws {
        guard !members.isEmpty else { return }
        let rows = members.map { row -> SQLQueryString in
            let member = row.member
            return """
                (\(bind: member.id), \(bind: member.username), \(bind: member.email), \(bind: row.password.hash), \(bind: row.password.salt),
                \(bind: member.validated), \(bind: member.emailConfirmed), \(bind: member.banned), \(bind: member.joinTime),
                \(bind: member.lastVisitTime), \(bind: row.primaryGroupID), \(bind: member.timezone.isEmpty ? "UTC" : member.timezone),
                \(bind: row.language), \(bind: member.dateOfBirth), \(bind: member.revealAge), \(bind: member.signature))
                """
        }
        try await connection.raw(
            """
            INSERT INTO members (id, username, email, password_hash, legacy_salt, validated, email_confirmed, banned, join_time,
                last_visit_time, primary_group_id, timezone, language, dob, reveal_age, signature)
            VALUES \(rows.joined(separator: ", "))
            """
        ).run()
        let memberships = members.map { row -> SQLQueryString in "(\(bind: row.primaryGroupID), \(bind: row.member.id))" }
        for row in members { connection.markStale(.member(row.member.id)) }
        try await connection.raw(
            "INSERT INTO group_members (group_id, member_id) VALUES \(memberships.joined(separator: ", ")) ON CONFLICT DO NOTHING"
        ).run()
    }

    /// Adds a secondary membership; false when the member had it already.
    static func addMembership(member: Int, group: Int, on connection: StoreConnection) async throws -> Bool {
        connection.markStale(.member(member))
        return try await connection.raw(
            """
            INSERT INTO group_members (group_id, member_id) VALUES (\(bind: group), \(bind: member)) ON CONFLICT DO NOTHING RETURNING member_id
            """
        ).first() != nil
    }

    // MARK: Push tokens

    /// Adds devices' tokens, each for its member (nil: the token's member did not come over), in one
    /// statement; returns how many were new (the others the server has already).
    static func addPushTokens(_ tokens: ArraySlice<(token: ComposrPushToken, memberID: Int?)>, on connection: StoreConnection, now: Int) async throws
        -> Int
    {
        guard !tokens.isEmpty else { return 0 }
        connection.markStale(.tokens)
        let rows = tokens.map { "(\(bind: $0.token.token), \(bind: $0.token.platform), \(bind: $0.memberID), \(bind: now), \(bind: now))" as SQLQueryString }
        return try await connection.raw(
            """
            INSERT INTO device_tokens (token, platform, member_id, created_at, last_seen_at) VALUES \(rows.joined(separator: ", "))
            ON CONFLICT (platform, token) DO NOTHING RETURNING id
            """
        ).all().count
    }

    // MARK: Staff messages

    /// Adds a message to the staff inbox, new; false when one of that time, title and text is there.
    static func addStaffMessage(_ message: ComposrStaffMessage, memberID: Int?, on connection: StoreConnection) async throws -> Bool {
        let found = try await connection.raw(
            "SELECT id FROM staff_messages WHERE created_at = \(bind: message.time) AND title = \(bind: message.title) AND post = \(bind: message.post)"
        ).first()
        guard found == nil else { return false }
        try await connection.raw(
            """
            INSERT INTO staff_messages (member_id, name, email, title, category, post, ip, created_at)
            VALUES (\(bind: memberID), \(bind: message.name), \(bind: message.email), \(bind: message.title), \(bind: message.category),
                \(bind: message.post), \(bind: message.ip), \(bind: message.time))
            """
        ).run()
        return true
    }

    // MARK: News

    /// The label of news category `id`, nil when there is none.
    static func categoryLabel(_ id: Int, on connection: StoreConnection) async throws -> String? {
        try await connection.raw("SELECT label FROM news_categories WHERE id = \(bind: id)").first()?.decode(column: "label", as: String.self)
    }

    /// Writes the category with its ID; `image` is its `rep_image`.
    static func insertCategory(_ category: ComposrCategory, image: String, on connection: StoreConnection, now: Int) async throws {
        try await connection.raw(
            """
            INSERT INTO news_categories (id, label, notes, rep_image, owner_id, edited_at)
            VALUES (\(bind: category.id), \(bind: category.title), \(bind: category.notes), \(bind: image), \(bind: category.ownerID), \(bind: now))
            """
        ).run()
    }

    /// The title and publication time of each of articles `ids` that is here.
    static func articles(_ ids: [Int], on connection: StoreConnection) async throws -> [Int: (title: String, addDate: Int)] {
        guard !ids.isEmpty else { return [:] }
        let rows = try await connection.raw("SELECT id, title, add_date FROM news WHERE id IN (\(binds: ids))").all()
        return Dictionary(
            try rows.map {
                (try $0.decode(column: "id", as: Int.self), (try $0.decode(column: "title", as: String.self), try $0.decode(column: "add_date", as: Int.self)))
            }
        ) { first, _ in first }
    }

    /// An article as it is written: its text (`summary`, `body`) Comcode naming the media library's
    /// images, its image, its submitter if that member came over.
    struct ArticleRow {
        var article: ComposrArticle
        var summary: String
        var body: String
        var image: ImportedImage
        var submitterID: Int?
        /// Its description for search engines (Composr's `seo_meta`).
        var seoDescription: String
    }

    /// Writes the articles' rows whole, in one statement; what is made from them is the writer's.
    static func insertArticles(_ rows: [ArticleRow], on connection: StoreConnection) async throws {
        guard !rows.isEmpty else { return }
        let values = rows.map { row -> SQLQueryString in
            let (article, image) = (row.article, row.image)
            return """
                (\(bind: article.id), \(bind: article.categoryID), \(bind: article.title), \(bind: row.summary), \(bind: row.body),
                'comcode', \(bind: article.author), \(bind: article.validated), \(bind: row.submitterID), \(bind: article.addDate),
                \(bind: article.editDate), \(bind: article.views), \(bind: article.allowRating), \(bind: article.allowComments),
                \(bind: article.notes), \(bind: image.url), \(bind: image.width), \(bind: image.height), \(bind: image.caption),
                \(bind: image.credit), \(bind: image.variants), \(bind: row.seoDescription))
                """
        }
        try await connection.raw(
            """
            INSERT INTO news (id, category_id, title, summary, article, text_format, author, validated, submitter_id, add_date, edit_date,
                views, allow_rating, allow_comments, notes, image, image_width, image_height, image_caption, image_credit, image_variants,
                seo_description)
            VALUES \(values.joined(separator: ", "))
            """
        ).run()
    }

    // MARK: Options

    static func setOption(_ name: String, _ value: String, on connection: StoreConnection) async throws {
        connection.markStale(.config)
        try await connection.raw(
            """
            INSERT INTO config (name, value) VALUES (\(bind: name), \(bind: value))
            ON CONFLICT (name) DO UPDATE SET value = excluded.value
            """
        ).run()
    }

    // MARK: Identity columns

    /// After rows were written with IDs of their own, PostgreSQL's identity sequences are moved past
    /// them (SQLite's AUTOINCREMENT follows by itself), so the next row made here takes a new ID.
    static func advanceSequences(on connection: StoreConnection) async throws {
        guard connection.isPostgres else { return }
        for table in ["groups", "members", "news_categories", "news"] {
            try await connection.raw(
                """
                SELECT setval(pg_get_serial_sequence(\(bind: table), 'id'), GREATEST((SELECT COALESCE(max(id), 1) FROM \(unsafeRaw: table)), 1))
                """
            ).run()
        }
    }
}
