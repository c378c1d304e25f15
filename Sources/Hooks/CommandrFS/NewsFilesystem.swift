import Auth
import Messages
import SiteStore
import SQLKit

/// `/var/news`: a folder per news category (its properties in `_folder.cms`) holding a `.cms` file per
/// article (reference §5.4) — the content apps show. Adding `_folder.cms` in a new folder creates a
/// category; deleting it removes the category when it holds no articles.
struct NewsFilesystem: CommandrFilesystem {
    private static let articleColumns = """
        id, category_id, title, summary, article, author, validated, image, submitter_id, add_date, edit_date, views,
        allow_rating, allow_comments, notes
        """

    // MARK: Reading

    func list(_ path: [String], on connection: any SQLDatabase) async throws -> [CommandrEntry]? {
        switch path.count {
        case 0:
            let identities = try await ResourceIdentityStore.all(.newsCategory, on: connection)
            return try await connection.raw("SELECT id, edited_at FROM news_categories").all().compactMap { row in
                guard let identity = identities[try row.decode(column: "id", as: Int.self)] else { return nil }
                return .directory(identity.moniker, modified: try row.decode(column: "edited_at", as: Int.self))
            }
        case 1:
            guard let category = try await ResourceIdentityStore.find(.newsCategory, moniker: path[0], on: connection) else { return nil }
            let identities = try await ResourceIdentityStore.all(.news, on: connection)
            let articles = try await connection.raw("SELECT id, add_date, edit_date FROM news WHERE category_id = \(bind: category.id)").all()
            return [.file("_folder.cms")] + (try articles.compactMap { row in
                guard let identity = identities[try row.decode(column: "id", as: Int.self)] else { return nil }
                let modified = try row.decode(column: "edit_date", as: Int?.self) ?? row.decode(column: "add_date", as: Int.self)
                return .file(identity.moniker + ".cms", modified: modified)
            })
        default:
            return nil
        }
    }

    func read(_ path: [String], on connection: any SQLDatabase) async throws -> JSONValue? {
        guard path.count == 2, let category = try await ResourceIdentityStore.find(.newsCategory, moniker: path[0], on: connection) else { return nil }
        if path[1] == "_folder.cms" { return try await Self.categoryJSON(category, on: connection) }
        guard let article = try await Self.article(file: path[1], category: category, on: connection) else { return nil }
        return try await Self.articleJSON(article, on: connection)
    }

    func locate(_ identity: ResourceIdentity, on connection: any SQLDatabase) async throws -> [String]? {
        switch identity.type {
        case .newsCategory:
            return [identity.moniker, "_folder.cms"]
        case .news:
            guard let row = try await connection.raw("SELECT category_id FROM news WHERE id = \(bind: identity.id)").first(),
                  let category = try await ResourceIdentityStore.find(.newsCategory, id: try row.decode(column: "category_id", as: Int.self), on: connection)
            else { return nil }
            return [category.moniker, identity.moniker + ".cms"]
        default:
            return nil
        }
    }

    // MARK: Writing

    func add(_ path: [String], _ write: CommandrWrite, on connection: any SQLDatabase) async throws -> [String] {
        guard path.count == 2 else { throw EndpointError.refused(.cannotCreateHere, "/var/news/" + path.joined(separator: "/")) }
        var properties = try write.properties()
        let now = UnixTime.now
        if path[1] == "_folder.cms" {
            let label = try properties.text("label") ?? path[0]
            let row = try await connection.raw("""
                INSERT INTO news_categories (label, edited_at) VALUES (\(bind: label), \(bind: now)) RETURNING id
                """).first()
            guard let id = try row?.decode(column: "id", as: Int.self) else { throw InsertedRowMissing(table: "news_categories") }
            let identity = try await ResourceIdentityStore.assign(.newsCategory, id: id, label: label, on: connection)
            try await Self.applyCategory(&properties, id: id, current: .emptyObject, on: connection)
            return [identity.moniker, "_folder.cms"]
        }
        guard let category = try await ResourceIdentityStore.find(.newsCategory, moniker: path[0], on: connection) else {
            throw EndpointError.refused(.missingResourceNamed, "/var/news/" + path[0])
        }
        let title = try properties.text("label") ?? GroupsFilesystem.label(ofFile: path[1])
        let row = try await connection.raw("""
            INSERT INTO news (category_id, title, submitter_id, add_date) VALUES (\(bind: category.id), \(bind: title), \(bind: write.actorID), \(bind: now))
            RETURNING id
            """).first()
        guard let id = try row?.decode(column: "id", as: Int.self) else { throw InsertedRowMissing(table: "news") }
        let identity = try await ResourceIdentityStore.assign(.news, id: id, label: title, on: connection)
        try await Self.applyArticle(&properties, id: id, current: .emptyObject, stampEdit: false, on: connection)
        return [category.moniker, identity.moniker + ".cms"]
    }

    func edit(_ path: [String], _ write: CommandrWrite, on connection: any SQLDatabase) async throws {
        guard let category = try await ResourceIdentityStore.find(.newsCategory, moniker: path[0], on: connection) else { return }
        var properties = try write.properties()
        if path[1] == "_folder.cms" {
            try await Self.applyCategory(&properties, id: category.id, current: try await Self.categoryJSON(category, on: connection) ?? .emptyObject, on: connection)
            return
        }
        guard let article = try await Self.article(file: path[1], category: category, on: connection) else { return }
        try await Self.applyArticle(&properties, id: article.id, current: try await Self.articleJSON(article, on: connection), stampEdit: true, on: connection)
    }

    func delete(_ path: [String], _ write: CommandrWrite, on connection: any SQLDatabase) async throws {
        guard let category = try await ResourceIdentityStore.find(.newsCategory, moniker: path[0], on: connection) else { return }
        if path[1] == "_folder.cms" {
            let count = try await connection.raw("SELECT COUNT(*) AS n FROM news WHERE category_id = \(bind: category.id)").first()?
                .decode(column: "n", as: Int.self) ?? 0
            guard count == 0 else { throw EndpointError.refused(.categoryNotEmpty, category.label) }
            try await connection.raw("DELETE FROM news_categories WHERE id = \(bind: category.id)").run()
            try await ResourceIdentityStore.remove(.newsCategory, id: category.id, on: connection)
            return
        }
        guard let article = try await Self.article(file: path[1], category: category, on: connection) else { return }
        try await connection.raw("DELETE FROM news WHERE id = \(bind: article.id)").run()
        try await ResourceIdentityStore.remove(.news, id: article.id, on: connection)
    }

    private static func applyCategory(_ properties: inout CommandrProperties, id: Int, current: JSONValue, on connection: any SQLDatabase) async throws {
        func set(_ assignment: SQLQueryString) async throws {
            try await connection.raw("UPDATE news_categories SET \(assignment), edited_at = \(bind: UnixTime.now) WHERE id = \(bind: id)").run()
        }
        if let label = try properties.text("label"), !label.trimmingWhitespace.isEmpty {
            try await set("label = \(bind: label)")
            try await connection.raw("UPDATE resource_ids SET label = \(bind: label) WHERE resource_type = 'news_category' AND resource_id = \(bind: id)").run()
        }
        if let notes = try properties.text("notes", maximumLength: 20_000) { try await set("notes = \(bind: notes)") }
        if let image = try properties.text("rep_image", maximumLength: 2000) { try await set("rep_image = \(bind: image)") }
        if let owner = try properties.reference("owner") {
            try await Self.requireMember(owner, property: "owner", on: connection)
            try await set("owner_id = \(bind: owner)")
        }
        try properties.rejectUnread(allowingUnchanged: current)
    }

    private static func applyArticle(_ properties: inout CommandrProperties, id: Int, current: JSONValue, stampEdit: Bool, on connection: any SQLDatabase) async throws {
        func set(_ assignment: SQLQueryString) async throws {
            try await connection.raw("UPDATE news SET \(assignment) WHERE id = \(bind: id)").run()
        }
        if let title = try properties.text("label"), !title.trimmingWhitespace.isEmpty {
            try await set("title = \(bind: title)")
            try await connection.raw("UPDATE resource_ids SET label = \(bind: title) WHERE resource_type = 'news' AND resource_id = \(bind: id)").run()
        }
        for (property, column, limit) in [("summary", "summary", 20_000), ("article", "article", 1_000_000), ("author", "author", 255),
                                          ("image", "image", 2000), ("notes", "notes", 20_000)] {
            if let text = try properties.text(property, maximumLength: limit) { try await set("\(unsafeRaw: column) = \(bind: text)") }
        }
        for property in ["validated", "allow_rating", "allow_comments"] {
            if let value = try properties.flag(property) { try await set("\(unsafeRaw: property) = \(bind: value)") }
        }
        if let views = try properties.integer("views", in: 0...Int(Int32.max)) { try await set("views = \(bind: views)") }
        if case .some(let addDate?) = try properties.time("add_date") { try await set("add_date = \(bind: addDate)") }
        if let submitter = try properties.reference("submitter") {
            if let submitter { try await Self.requireMember(submitter, property: "submitter", on: connection) }
            try await set("submitter_id = \(bind: submitter)")
        }
        try properties.rejectUnread(allowingUnchanged: current)
        if stampEdit { try await set("edit_date = \(bind: UnixTime.now)") }
    }

    private static func requireMember(_ id: Int?, property: String, on connection: any SQLDatabase) async throws {
        guard let id else { return }
        guard try await MemberStore.find(id: id, on: connection) != nil else { throw EndpointError.refused(.invalidProperty, property) }
    }

    // MARK: Lookups and JSON

    private struct Article {
        let id: Int
        let row: any SQLRow
    }

    private static func article(file: String, category: ResourceIdentity, on connection: any SQLDatabase) async throws -> Article? {
        guard file.hasSuffix(".cms"), let identity = try await ResourceIdentityStore.find(.news, moniker: String(file.dropLast(4)), on: connection),
              let row = try await connection.raw("""
                  SELECT \(unsafeRaw: Self.articleColumns) FROM news WHERE id = \(bind: identity.id) AND category_id = \(bind: category.id)
                  """).first()
        else { return nil }
        return Article(id: identity.id, row: row)
    }

    private static func memberReference(_ id: Int?, on connection: any SQLDatabase) async throws -> JSONValue {
        guard let id, let identity = try await ResourceIdentityStore.find(.member, id: id, on: connection) else { return .null }
        return ResourceReference.json(identity)
    }

    private static func categoryJSON(_ category: ResourceIdentity, on connection: any SQLDatabase) async throws -> JSONValue? {
        guard let row = try await connection.raw("SELECT label, notes, rep_image, owner_id FROM news_categories WHERE id = \(bind: category.id)").first() else {
            return nil
        }
        return [
            "label": .string(try row.decode(column: "label", as: String.self)),
            "notes": .string(try row.decode(column: "notes", as: String.self)),
            "rep_image": .string(try row.decode(column: "rep_image", as: String.self)),
            "owner": try await Self.memberReference(try row.decode(column: "owner_id", as: Int?.self), on: connection),
        ]
    }

    private static func articleJSON(_ article: Article, on connection: any SQLDatabase) async throws -> JSONValue {
        let row = article.row
        return [
            "label": .string(try row.decode(column: "title", as: String.self)),
            "summary": .string(try row.decode(column: "summary", as: String.self)),
            "article": .string(try row.decode(column: "article", as: String.self)),
            "author": .string(try row.decode(column: "author", as: String.self)),
            "validated": .int(try row.decode(column: "validated", as: Bool.self) ? 1 : 0),
            "image": .string(try row.decode(column: "image", as: String.self)),
            "submitter": try await Self.memberReference(try row.decode(column: "submitter_id", as: Int?.self), on: connection),
            "add_date": PortableTime.json(try row.decode(column: "add_date", as: Int.self)),
            "edit_date": PortableTime.json(try row.decode(column: "edit_date", as: Int?.self)),
            "views": .int(try row.decode(column: "views", as: Int.self)),
            "allow_rating": .int(try row.decode(column: "allow_rating", as: Bool.self) ? 1 : 0),
            "allow_comments": .int(try row.decode(column: "allow_comments", as: Bool.self) ? 1 : 0),
            "notes": .string(try row.decode(column: "notes", as: String.self)),
        ]
    }
}
