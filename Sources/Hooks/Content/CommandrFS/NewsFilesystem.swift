import Auth
import EndpointCore
import Media
import Messages
import News
import RichText
import Storage
import Text

/// `/var/news`: a folder per news category (its properties in `_folder.cms`) holding a `.cms` file per
/// article (reference §5.4) — the content apps show (`content/news`). Adding `_folder.cms` in a new
/// folder creates a category; deleting it removes the category when it holds no articles. Editing an
/// article's `category` moves it to that folder.
struct NewsFilesystem: CommandrFilesystem {
    // MARK: Reading

    func list(_ path: [String], on connection: StoreConnection) async throws -> [CommandrEntry]? {
        switch path.count {
        case 0:
            let identities = try await ResourceIdentityStore.all(.newsCategory, on: connection)
            return try await NewsStore.categories(on: connection).compactMap { category in
                identities[category.id].map { .directory($0.moniker, modified: category.editedAt) }
            }
        case 1:
            guard let category = try await ResourceIdentityStore.find(.newsCategory, moniker: path[0], on: connection) else { return nil }
            let identities = try await ResourceIdentityStore.all(.news, on: connection)
            let articles = try await NewsStore.articles(inCategory: category.id, on: connection)
            return [.file(CommandrEntry.folderProperties)]
                + articles.compactMap { article in
                    identities[article.id].map { .file($0.moniker + ".cms", modified: article.editDate ?? article.addDate) }
                }
        default:
            return nil
        }
    }

    func read(_ path: [String], on connection: StoreConnection) async throws -> JSONValue? {
        guard path.count == 2, let category = try await ResourceIdentityStore.find(.newsCategory, moniker: path[0], on: connection) else { return nil }
        if path[1] == CommandrEntry.folderProperties { return try await Self.categoryJSON(category.id, on: connection) }
        guard let article = try await Self.article(file: path[1], category: category, on: connection) else { return nil }
        return try await Self.articleJSON(article, on: connection)
    }

    func locate(_ identity: ResourceIdentity, on connection: StoreConnection) async throws -> [String]? {
        switch identity.type {
        case .newsCategory:
            return [identity.moniker, CommandrEntry.folderProperties]
        case .news:
            guard let article = try await NewsStore.article(id: identity.id, on: connection),
                let category = try await ResourceIdentityStore.find(.newsCategory, id: article.categoryID, on: connection)
            else { return nil }
            return [category.moniker, identity.moniker + ".cms"]
        default:
            return nil
        }
    }

    // MARK: Writing

    func add(_ path: [String], _ write: CommandrWrite, on connection: StoreConnection) async throws -> [String] {
        guard path.count == 2 else { throw EndpointError.refused(.cannotCreateHere, "var/news/" + path.joined(separator: "/")) }
        var properties = try write.properties()
        if path[1] == CommandrEntry.folderProperties {
            let id = try await NewsStore.createCategory(label: try properties.text("label") ?? path[0], on: connection, now: write.now)
            try await Self.applyCategory(&properties, id: id, current: .emptyObject, on: connection, now: write.now)
            return [try await Self.moniker(.newsCategory, id, on: connection), CommandrEntry.folderProperties]
        }
        guard let category = try await ResourceIdentityStore.find(.newsCategory, moniker: path[0], on: connection) else {
            throw EndpointError.refused(.missingResourceNamed, "var/news/" + path[0])
        }
        let title = try properties.uncheckedText("label") ?? GroupsFilesystem.label(ofFile: path[1])
        var edit = try await Self.articleEdit(&properties, current: .emptyObject, on: connection)
        if edit.category == nil { edit.changes.categoryID = category.id }
        let byline = try await MemberStore.find(id: write.actorID, on: connection)?.username ?? ""
        let (id, dropped) = try await ArticleEditor(publicURL: write.context.publicURL).create(
            edit, title: title, by: .editor(write.actorID), byline: byline, on: connection, now: write.now)
        write.answer("dropped", .array(dropped.map(JSONValue.string)))
        return [category.moniker, try await Self.moniker(.news, id, on: connection) + ".cms"]
    }

    func edit(_ path: [String], _ write: CommandrWrite, on connection: StoreConnection) async throws {
        guard let category = try await ResourceIdentityStore.find(.newsCategory, moniker: path[0], on: connection) else { return }
        var properties = try write.properties()
        if path[1] == CommandrEntry.folderProperties {
            let current = try await Self.categoryJSON(category.id, on: connection) ?? .emptyObject
            try await Self.applyCategory(&properties, id: category.id, current: current, on: connection, now: write.now)
            return
        }
        guard let article = try await Self.article(file: path[1], category: category, on: connection) else { return }
        let edit = try await Self.articleEdit(&properties, current: try await Self.articleJSON(article, on: connection), on: connection)
        let dropped = try await ArticleEditor(publicURL: write.context.publicURL).edit(
            article, with: edit, by: .editor(write.actorID), on: connection, now: write.now)
        write.answer("dropped", .array(dropped.map(JSONValue.string)))
        // A new slug or category moves the file: where it now is.
        if let edited = try await NewsStore.article(id: article.id, on: connection) {
            let folder = try await Self.moniker(.newsCategory, edited.categoryID, on: connection)
            write.answer("path", .string("/var/news/\(folder)/\(try await Self.moniker(.news, edited.id, on: connection)).cms"))
        }
    }

    func delete(_ path: [String], _ write: CommandrWrite, on connection: StoreConnection) async throws {
        guard let category = try await ResourceIdentityStore.find(.newsCategory, moniker: path[0], on: connection) else { return }
        if path[1] == CommandrEntry.folderProperties {
            guard try await NewsStore.articleCount(inCategory: category.id, on: connection) == 0 else {
                throw EndpointError.refused(.categoryNotEmpty, category.label)
            }
            try await NewsStore.deleteCategory(id: category.id, on: connection, now: write.now)
            return
        }
        guard let article = try await Self.article(file: path[1], category: category, on: connection) else { return }
        try await ArticleEditor(publicURL: write.context.publicURL).delete(article, by: .editor(write.actorID), on: connection, now: write.now)
    }

    private static func applyCategory(
        _ properties: inout CommandrProperties, id: Int, current: JSONValue, on connection: StoreConnection, now: Int
    ) async throws {
        var changes = NewsCategoryChanges()
        if let label = try properties.text("label"), !label.trimmingWhitespace.isEmpty { changes.label = label }
        changes.notes = try properties.text("notes", maximumLength: NewsFieldLimits.notes)
        changes.repImage = try properties.text("rep_image", maximumLength: NewsFieldLimits.address)
        if let owner = try properties.reference("owner") {
            try await Self.requireMember(owner, property: "owner", on: connection)
            changes.ownerID = owner
        }
        changes.position = try properties.integer("position", in: NewsFieldLimits.position)
        try properties.rejectUnread(allowingUnchanged: current)
        try await NewsStore.apply(changes, toCategory: id, on: connection, now: now)
    }

    /// The edit `properties` ask of an article whose properties are `current`, each read in its shape
    /// (the editor checks the rest).
    private static func articleEdit(_ properties: inout CommandrProperties, current: JSONValue, on connection: StoreConnection) async throws
        -> ArticleEdit
    {
        var edit = ArticleEdit()
        try Self.readTexts(&properties, into: &edit.changes)
        if case .some(let addDate?) = try properties.time("add_date") { edit.changes.addDate = addDate }
        if let submitter = try properties.reference("submitter") {
            try await Self.requireMember(submitter, property: "submitter", on: connection)
            edit.changes.submitterID = submitter
        }
        try Self.readPublishing(&properties, into: &edit)
        try properties.rejectUnread(allowingUnchanged: current)
        return edit
    }

    /// The article's texts, flags and numbers.
    private static func readTexts(_ properties: inout CommandrProperties, into changes: inout NewsArticleChanges) throws(EndpointError) {
        if let title = try properties.uncheckedText("label"), !title.trimmingWhitespace.isEmpty { changes.title = title }
        changes.summary = try properties.uncheckedText("summary")
        changes.article = try properties.uncheckedText("article")
        if let format = try properties.text("format", maximumLength: 16) {
            guard let known = TextFormat(rawValue: format) else { throw EndpointError.refused(.invalidProperty, "format") }
            changes.format = known
        }
        changes.image = try properties.uncheckedText("image")
        changes.socialImage = try properties.uncheckedText("social_image")
        for field in ArticleTextField.all { changes[keyPath: field.change] = try properties.uncheckedText(field.name) }
        changes.validated = try properties.flag("validated")
        changes.allowRating = try properties.flag("allow_rating")
        changes.allowComments = try properties.flag("allow_comments")
        changes.featured = try properties.flag("featured")
        changes.views = try properties.integer("views", in: NewsFieldLimits.views)
    }

    /// The properties the news API shows: expiry, external story, image metadata, gallery, category.
    private static func readPublishing(_ properties: inout CommandrProperties, into edit: inout ArticleEdit) throws(EndpointError) {
        edit.changes.expiresAt = try properties.time("expires_at")
        edit.changes.externalURL = try properties.uncheckedText("external_url")
        edit.changes.imageWidth = try properties.clearableInteger("image_width", in: NewsFieldLimits.imageSide)
        edit.changes.imageHeight = try properties.clearableInteger("image_height", in: NewsFieldLimits.imageSide)
        if let variants = properties.structure("image_variants") {
            guard let stored = NewsImage.storedVariants(variants) else { throw .refused(.invalidProperty, "image_variants") }
            edit.changes.imageVariants = stored
        }
        edit.gallery = properties.structure("gallery")
        edit.video = try properties.text("video", maximumLength: 32)
        edit.category = try properties.text("category", maximumLength: NewsFieldLimits.categoryReference)
        edit.slug = try properties.text("slug", maximumLength: NewsFieldLimits.slug)
        edit.tags = try properties.texts("tags")
    }

    private static func requireMember(_ id: Int?, property: String, on connection: StoreConnection) async throws {
        guard let id else { return }
        guard try await MemberStore.find(id: id, on: connection) != nil else { throw EndpointError.refused(.invalidProperty, property) }
    }

    // MARK: Lookups and JSON

    private static func moniker(_ type: ResourceType, _ id: Int, on connection: StoreConnection) async throws -> String {
        guard let identity = try await ResourceIdentityStore.find(type, id: id, on: connection) else { throw InsertedRowMissing(table: type.rawValue) }
        return identity.moniker
    }

    private static func article(file: String, category: ResourceIdentity, on connection: StoreConnection) async throws -> NewsArticle? {
        guard file.hasSuffix(".cms"),
            let identity = try await ResourceIdentityStore.find(.news, moniker: String(file.dropLast(4)), on: connection),
            let article = try await NewsStore.article(id: identity.id, on: connection), article.categoryID == category.id
        else { return nil }
        return article
    }

    private static func memberReference(_ id: Int?, on connection: StoreConnection) async throws -> JSONValue {
        guard let id, let identity = try await ResourceIdentityStore.find(.member, id: id, on: connection) else { return .null }
        return ResourceReference.json(identity)
    }

    private static func categoryJSON(_ id: Int, on connection: StoreConnection) async throws -> JSONValue? {
        guard let category = try await NewsStore.category(id: id, on: connection) else { return nil }
        return [
            "label": .string(category.label),
            "notes": .string(category.notes),
            "rep_image": .string(category.repImage),
            "owner": try await Self.memberReference(category.ownerID, on: connection),
            "position": .int(category.position),
        ]
    }

    private static func articleJSON(_ article: NewsArticle, on connection: StoreConnection) async throws -> JSONValue {
        let fields: KeyValuePairs<String, JSONValue> = [
            "label": .string(article.title),
            "summary": .string(article.summary),
            "article": .string(article.article),
            "format": .string(article.format.rawValue),
            "validated": .int(article.validated ? 1 : 0),
            "image": .string(article.image),
            "submitter": try await Self.memberReference(article.submitterID, on: connection),
            "add_date": PortableTime.json(article.addDate),
            "edit_date": PortableTime.json(article.editDate),
            "views": .int(article.views),
            "allow_rating": .int(article.allowRating ? 1 : 0),
            "allow_comments": .int(article.allowComments ? 1 : 0),
            "category": .string(try await Self.moniker(.newsCategory, article.categoryID, on: connection)),
            "expires_at": PortableTime.json(article.expiresAt),
            "external_url": .string(article.externalURL),
            "image_width": article.imageWidth.map(JSONValue.int) ?? .null,
            "image_height": article.imageHeight.map(JSONValue.int) ?? .null,
            "image_variants": JSONValue(parsing: article.imageVariants) ?? .emptyObject,
            "gallery": JSONValue(parsing: article.gallery) ?? .array([]),
            "featured": .int(article.featured ? 1 : 0),
            "video": .string(article.videoID.map(VideoLinks.reference) ?? ""),
            "social_image": .string(article.socialImage),
            "slug": .string(try await Self.moniker(.news, article.id, on: connection)),
            "tags": .array(try await NewsTagStore.tags(ofArticle: article.id, on: connection).map { .string($0.label) }),
        ]
        return .object(fields.map { (key: $0.key, value: $0.value) } + ArticleTextField.all.map { (key: $0.name, value: .string(article[keyPath: $0.stored])) })
    }
}
