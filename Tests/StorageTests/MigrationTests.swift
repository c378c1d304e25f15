import Auth
import Foundation
import News
import SQLKit
import TestSupport
import Testing

@testable import Storage

/// Migrations apply, re-apply as a no-op and roll back on failure, on SQLite and PostgreSQL.
@Suite struct MigrationTests {
    @Test(arguments: TestDatabase.engines)
    func applyThenReapplyIsANoOp(engine: DatabaseEngine) async throws {
        try await TestDatabase.withFresh(engine) { database in
            let files = try MigrationFile.load(from: TestDatabase.migrationsFolder, engine: engine)
            #expect(files.map(\.version) == Array(1...files.count))
            let migrator = Migrator(database: database, files: files, logger: quietLogger)
            let first = try await migrator.migrate()
            #expect(first == files.map(\.name))
            let second = try await migrator.migrate()
            #expect(second.isEmpty)

            let guest = try #require(try await database.withConnection { try await MemberStore.find(id: 1, on: $0) })
            #expect(guest.username == "Guest")
            #expect(guest.passwordHash.isEmpty)
            let groups = try await database.withConnection { try await $0.raw("SELECT name FROM groups ORDER BY id").all() }
            #expect(try groups.map { try $0.decode(column: "name", as: String.self) } == ["Guests", "Administrators", "Super-moderators", "Members"])
        }
    }

    /// A fresh site has Composr's default news categories, each with a moniker and its own GUID.
    @Test(arguments: TestDatabase.engines)
    func freshSiteHasComposrsNewsCategories(engine: DatabaseEngine) async throws {
        try await TestDatabase.withFresh(engine) { database in
            let files = try MigrationFile.load(from: TestDatabase.migrationsFolder, engine: engine)
            _ = try await Migrator(database: database, files: files, logger: quietLogger).migrate()
            let categories = try await database.withConnection { try await NewsStore.categories(on: $0) }
            #expect(categories.map(\.label) == ["General", "Technology", "Difficulties", "Community", "Entertainment", "Business", "Art"])
            let identities = try await database.withConnection { try await ResourceIdentityStore.all(.newsCategory, on: $0) }
            #expect(
                categories.map { identities[$0.id]?.moniker } == ["general", "technology", "difficulties", "community", "entertainment", "business", "art"])
            let guids = categories.compactMap { identities[$0.id]?.guid }
            #expect(guids.count == 7 && Set(guids).count == 7)
            #expect(guids.allSatisfy { $0.wholeMatch(of: /[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/) != nil }, "\(guids)")
        }
    }

    /// A site that already made its own categories keeps exactly those.
    @Test(arguments: TestDatabase.engines)
    func existingSiteKeepsItsOwnNewsCategories(engine: DatabaseEngine) async throws {
        try await TestDatabase.withFresh(engine) { database in
            let files = try MigrationFile.load(from: TestDatabase.migrationsFolder, engine: engine)
            let before = files.filter { $0.version < 12 }
            _ = try await Migrator(database: database, files: before, logger: quietLogger).migrate()
            try await database.withConnection { try await $0.raw("INSERT INTO news_categories (label, edited_at) VALUES ('General', 0)").run() }
            _ = try await Migrator(database: database, files: files, logger: quietLogger).migrate()
            #expect(try await database.withConnection { try await NewsStore.categories(on: $0) }.map(\.label) == ["General"])
        }
    }

    /// Upgrading moves per-network limits still at their old defaults to the new ones and keeps values
    /// a site chose.
    @Test(arguments: TestDatabase.engines)
    func upgradeRaisesOnlyUnchangedNetworkLimits(engine: DatabaseEngine) async throws {
        try await TestDatabase.withFresh(engine) { database in
            let files = try MigrationFile.load(from: TestDatabase.migrationsFolder, engine: engine)
            _ = try await Migrator(database: database, files: files.filter { $0.version < 13 }, logger: quietLogger).migrate()
            try await database.withConnection { try await $0.raw("UPDATE config SET value = '25' WHERE name = 'join_limit_per_ip_per_hour'").run() }
            _ = try await Migrator(database: database, files: files, logger: quietLogger).migrate()
            let options = try await ConfigOptions.load(from: database)
            #expect(options.stored("join_limit_per_ip_per_hour") == "25")
            #expect(options.stored("password_reset_limit_per_ip_per_hour") == "100")
            #expect(options.stored("login_throttle_ip_failures") == "500")
            #expect(options.stored("contact_us_limit_per_ip_per_hour") == "50")
            #expect(options.stored("code_failures_per_ip_per_hour") == "100")
        }
    }

    @Test(arguments: TestDatabase.engines)
    func failedMigrationLeavesNoTrace(engine: DatabaseEngine) async throws {
        try await TestDatabase.withFresh(engine) { database in
            var files = try MigrationFile.load(from: TestDatabase.migrationsFolder, engine: engine)
            let broken = MigrationFile(
                version: 9_999,
                name: "9999_broken.sql",
                sql: "CREATE TABLE half_done (id INTEGER PRIMARY KEY);\nINSERT INTO half_done (id) VALUES (1);\nINSERT INTO no_such_table (x) VALUES (1);"
            )
            files.append(broken)
            let migrator = Migrator(database: database, files: files, logger: quietLogger)
            await #expect(throws: Migrator.Failure.self) { try await migrator.migrate() }

            let applied = try await migrator.appliedVersions()
            #expect(!applied.contains(9_999))
            #expect(applied.count == files.count - 1)
            await #expect(throws: (any Error).self) {
                try await database.withConnection { try await $0.raw("SELECT id FROM half_done").all() }
            }
        }
    }

    /// An upgraded site keeps its rows and their references, and from then on never gives an ID again:
    /// on SQLite the newest member or article deleted used to hand its ID to the next one (0027 makes
    /// the tables AUTOINCREMENT; PostgreSQL's sequences never went back).
    @Test(arguments: TestDatabase.engines)
    func anUpgradedSiteNeverGivesAnIDAgain(engine: DatabaseEngine) async throws {
        try await TestDatabase.withFresh(engine) { database in
            let files = try MigrationFile.load(from: TestDatabase.migrationsFolder, engine: engine)
            _ = try await Migrator(database: database, files: files.filter { $0.version < 27 }, logger: quietLogger).migrate()
            // Rows as the site wrote them then (today's store also writes what later migrations added).
            let kept = try await Self.insertMemberAsBefore("kept", groups: [4, 2], database)
            let newest = try await Self.insertMemberAsBefore("newest", groups: [4], database)
            let article = try await database.withConnection { connection in
                try #require(
                    try await connection.raw("INSERT INTO news (category_id, title, submitter_id, add_date) VALUES (1, 'Kept', 1, 0) RETURNING id")
                        .first()?.decode(column: "id", as: Int.self))
            }
            _ = try await Migrator(database: database, files: files, logger: quietLogger).migrate()

            #expect(try await database.withConnection { try await MemberStore.find(id: kept, on: $0) }?.username == "kept")
            #expect(try await Self.groups(of: kept, database) == [2, 4], "references survive the rebuild")
            await #expect(throws: (any Error).self, "foreign keys are enforced again") {
                try await database.withConnection { try await $0.raw("INSERT INTO group_members (group_id, member_id) VALUES (2, 999)").run() }
            }
            try await database.transaction { try await MemberStore.delete(memberID: newest, on: $0, now: UnixTime.now) }
            let next = try await database.transaction {
                try await MemberStore.create(
                    NewMember(username: "next", email: "next@example.com", passwordHash: "", primaryGroupID: 4), on: $0, now: UnixTime.now)
            }
            #expect(next > newest, "the deleted newest member's ID \(newest) is not given again (got \(next))")
            try await database.transaction { try await NewsStore.deleteArticle(id: article, on: $0, now: UnixTime.now) }
            let nextArticle = try await database.transaction {
                try await ArticleWriter(publicURL: "").create(title: "Next", categoryID: 1, submitterID: 1, on: $0, now: UnixTime.now).id
            }
            #expect(nextArticle > article)
            try await database.transaction { try await MemberStore.delete(memberID: kept, on: $0, now: UnixTime.now) }
            #expect(try await Self.groups(of: kept, database).isEmpty, "deleting still cascades")
        }
    }

    /// Inserts a member as a site before 0027 did: its row (the first of `groups` its primary group)
    /// and its group memberships.
    /// Drafts kept as one JSON text before autosaves carried changes come through as one row a field,
    /// a NUL (which PostgreSQL's text cannot hold) as U+FFFD, at keep 1: the editor's next change is
    /// made on it.
    @Test(arguments: TestDatabase.engines)
    func anUpgradedSiteKeepsItsEditorsDrafts(engine: DatabaseEngine) async throws {
        try await TestDatabase.withFresh(engine) { database in
            let files = try MigrationFile.load(from: TestDatabase.migrationsFolder, engine: engine)
            _ = try await Migrator(database: database, files: files.filter { $0.version < 70 }, logger: quietLogger).migrate()
            let writer = try await Self.insertMemberAsBefore("writer", groups: [4], database)
            let json = #"{"body":"Line\u0000two \u00e9 \"q\" \\u0000 👍🏽","featured":"","title":"Tides"}"#
            try await database.withConnection { connection in
                try await connection.raw("INSERT INTO news_drafts (member_id, news_id, saved_at, fields) VALUES (\(bind: writer), 0, 5, \(bind: json))").run()
            }
            _ = try await Migrator(database: database, files: files, logger: quietLogger).migrate()

            let editor = ArticleEditor(publicURL: "")
            let draft = try await database.withConnection { try await editor.draft(of: nil, by: writer, on: $0) }
            #expect(draft?.fields == ["body": "Line\u{FFFD}two é \"q\" \\u0000 👍🏽", "featured": "", "title": "Tides"])
            #expect(draft?.savedAt == 5 && draft?.kept == 1)
            let splice = try #require(DraftSplice(field: "body", range: "0,4,24", text: "First"))
            let kept = try await database.transaction { connection in
                try await editor.keepDraft(DraftChange(basedOn: 1, whole: [:], splices: [splice]), of: nil, by: writer, on: connection, now: 6)
            }
            #expect(kept == 2)
            #expect(
                try await database.withConnection { try await editor.draft(of: nil, by: writer, on: $0) }?.fields["body"]
                    == "First\u{FFFD}two é \"q\" \\u0000 👍🏽")
        }
    }

    static func insertMemberAsBefore(_ username: String, groups: [Int], _ database: Database) async throws -> Int {
        try await database.transaction { connection in
            let id = try #require(
                try await connection.raw(
                    """
                    INSERT INTO members (username, email, join_time, last_visit_time, primary_group_id)
                    VALUES (\(bind: username), \(bind: username + "@example.com"), 0, 0, \(bind: groups[0])) RETURNING id
                    """
                ).first()?.decode(column: "id", as: Int.self))
            for group in groups {
                try await connection.raw("INSERT INTO group_members (group_id, member_id) VALUES (\(bind: group), \(bind: id))").run()
            }
            return id
        }
    }

    /// Articles written before the search index existed are found through it as soon as the
    /// migration ran; the news clock (rendering them, 0040) then gives them where their title and
    /// summary end (relevance) and their short words (found from then on), and the search limit is raised where the site had
    /// kept the old default.
    @Test(arguments: TestDatabase.engines)
    func anUpgradedSiteSearchesItsArticlesThroughTheIndex(engine: DatabaseEngine) async throws {
        try await TestDatabase.withFresh(engine) { database in
            let files = try MigrationFile.load(from: TestDatabase.migrationsFolder, engine: engine)
            _ = try await Migrator(database: database, files: files.filter { $0.version < 35 }, logger: quietLogger).migrate()
            let now = UnixTime.now
            let article = try await Self.insertArticleAsBeforeTheIndex(database, now: now)
            _ = try await Migrator(database: database, files: files, logger: quietLogger).migrate()
            #expect(try await Self.search(["lantern"], database, now: now) == [article])
            #expect(try await Self.summaryHits("lantern", database, now: now) == [0], "until the clock fills them, its words count as body words")
            #expect(try await Self.search(["ai"], database, now: now) == [], "its short words are not known yet")
            #expect(try await database.transaction { try await ArticleWriter(publicURL: "").renderDue(limit: 10, on: $0, now: now).rendered } == 1)
            #expect(try await Self.search(["ai"], database, now: now) == [article])
            #expect(try await Self.search(["harbour", "ai"], database, now: now) == [article])
            #expect(try await database.transaction { try await ArticleWriter(publicURL: "").renderDue(limit: 10, on: $0, now: now).rendered } == 0)
            #expect(try await Self.summaryHits("lantern", database, now: now) == [1])
            #expect(try await Self.search(["harbour", "lantern"], database, now: now) == [article], "the refreshed text is indexed")
            #expect(try await ConfigOptions.load(from: database).stored("news_search_per_minute") == "600")
            if engine == .sqlite {
                #expect(try await Self.ftsHashSize(database) == 1_048_576, "the index was built with a larger buffer, then set back")
            }
        }
    }

    /// What the SQLite index's `hashsize` is set to: how much FTS5 holds in a transaction before it
    /// writes out.
    static func ftsHashSize(_ database: Database) async throws -> Int? {
        try await database.withConnection { connection in
            try await connection.raw("SELECT v FROM news_search_config WHERE k = 'hashsize'").first()?.decode(column: "v", as: Int.self)
        }
    }

    static func insertArticleAsBeforeTheIndex(_ database: Database, now: Int) async throws -> Int {
        let row = try await database.withConnection { connection in
            try await connection.raw(
                """
                INSERT INTO news (category_id, title, summary, submitter_id, add_date, validated, listed, search_text)
                VALUES (1, 'Harbour AI', 'Lantern', 1, \(bind: now - 60), \(bind: true), \(bind: true), 'harbour ai lantern') RETURNING id
                """
            ).first()
        }
        return try #require(try row?.decode(column: "id", as: Int.self))
    }

    static func search(_ words: [String], _ database: Database, now: Int) async throws -> [Int] {
        try await database.withConnection { connection in
            try await NewsSearchStore.articles(matching: try #require(SearchQuery(words: words)), in: nil, after: nil, limit: 5, now: now, on: connection)
                .articles.map(\.article.id)
        }
    }

    static func summaryHits(_ word: String, _ database: Database, now: Int) async throws -> [Int] {
        try await database.withConnection { connection in
            try await NewsSearchStore.rankedArticles(
                matching: try #require(SearchQuery(words: [word])), in: nil, after: nil, limit: 5, now: now, on: connection
            )
            .articles.map(\.position.summaryHits)
        }
    }

    static func groups(of member: Int, _ database: Database) async throws -> [Int] {
        try await database.withConnection { connection in
            try await connection.raw("SELECT group_id FROM group_members WHERE member_id = \(bind: member) ORDER BY group_id").all()
                .map { try $0.decode(column: "group_id", as: Int.self) }
        }
    }

    /// A migration run with foreign keys off that leaves a broken reference is refused and undone.
    @Test func aMigrationLeavingABrokenReferenceIsUndone() async throws {
        try await TestDatabase.withFresh(.sqlite) { database in
            var files = try MigrationFile.load(from: TestDatabase.migrationsFolder, engine: .sqlite)
            files.append(
                MigrationFile(
                    version: 9_998, name: "9998_dangling.sql",
                    sql: "\(MigrationFile.foreignKeysOffDirective)\nINSERT INTO group_members (group_id, member_id) VALUES (2, 999);"
                ))
            let migrator = Migrator(database: database, files: files, logger: quietLogger)
            await #expect(throws: Migrator.Failure.self) { try await migrator.migrate() }
            #expect(!(try await migrator.appliedVersions()).contains(9_998))
            let dangling = try await database.withConnection {
                try await $0.raw("SELECT count(*) AS n FROM group_members WHERE member_id = 999").first()?.decode(column: "n", as: Int.self)
            }
            #expect(dangling == 0)
        }
    }

    /// The binary carries exactly the repository's migrations (built in by the EmbedData plugin).
    @Test(arguments: [DatabaseEngine.sqlite, .postgres])
    func builtInMigrationsAreTheRepositorysFolder(engine: DatabaseEngine) throws {
        let embedded = try MigrationFile.embedded(engine: engine)
        #expect(!embedded.isEmpty)
        #expect(embedded == (try MigrationFile.load(from: TestDatabase.migrationsFolder, engine: engine)))
    }

    @Test func scriptSplittingRespectsQuotesAndComments() throws {
        let script = "-- a comment; with a semicolon\nINSERT INTO t VALUES ('a;b', \"c;d\"); /* x; y */ SELECT 1;\n\n;"
        #expect(SQLScript(script).statements == ["INSERT INTO t VALUES ('a;b', \"c;d\")", "SELECT 1"])
    }

    @Test func scriptSplittingKeepsDollarQuotedBodiesWhole() throws {
        let script = "CREATE FUNCTION f() RETURNS trigger AS $$\nBEGIN\n    PERFORM 1;\n    RETURN NULL;\nEND\n$$;\nSELECT 2;"
        #expect(SQLScript(script).statements == ["CREATE FUNCTION f() RETURNS trigger AS $$\nBEGIN\n    PERFORM 1;\n    RETURN NULL;\nEND\n$$", "SELECT 2"])
    }

    @Test func scriptSplittingKeepsTriggerBodiesWhole() throws {
        let script = "CREATE TRIGGER t AFTER DELETE ON a\nBEGIN\n    INSERT INTO b VALUES (1);\n    DELETE FROM c;\nEND;\nSELECT 3;"
        #expect(
            SQLScript(script).statements == ["CREATE TRIGGER t AFTER DELETE ON a\nBEGIN\n    INSERT INTO b VALUES (1);\n    DELETE FROM c;\nEND", "SELECT 3"])
    }
}
