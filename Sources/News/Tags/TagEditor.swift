public import Messages
public import Storage

/// The one door of changes to the site's tags themselves (the console's Tags page): renaming,
/// merging and deleting. Each records every article carrying the tag in the change log, so the lists
/// and the apps showing those articles' tags fetch them again.
public enum TagEditor {
    /// Renames the tag `moniker` to `label`; its moniker follows the label. Refused when another tag
    /// has that moniker already (merging is the way to make them one).
    @discardableResult
    public static func rename(_ moniker: String, to label: String, on connection: StoreConnection, now: Int) async throws -> ArticleTag {
        let (id, _) = try await Self.existing(moniker, on: connection)
        let renamed = try ArticleTag(label: label)
        if renamed.moniker != moniker, try await NewsTagStore.tag(renamed.moniker, on: connection) != nil {
            throw Refusal.invalid(.consoleTagTaken, renamed.label)
        }
        let articles = try await NewsTagStore.articleIDs(taggedWith: id, on: connection)
        try await NewsTagStore.rename(id, to: renamed, on: connection)
        try await Self.record(articles, on: connection, now: now)
        return renamed
    }

    /// Puts the tag `moniker`'s articles under the tag `target` and removes it; answers both tags.
    @discardableResult
    public static func merge(_ moniker: String, into target: String, on connection: StoreConnection, now: Int) async throws -> (
        merged: ArticleTag, into: ArticleTag
    ) {
        let (id, tag) = try await Self.existing(moniker, on: connection)
        let (targetID, targetTag) = try await Self.existing(target, on: connection)
        guard id != targetID else { return (tag, targetTag) }
        let articles = try await NewsTagStore.articleIDs(taggedWith: id, on: connection)
        try await NewsTagStore.merge(id, into: targetID, on: connection)
        try await Self.record(articles, on: connection, now: now)
        return (tag, targetTag)
    }

    /// Removes the tag `moniker` from the site and from every article carrying it.
    @discardableResult
    public static func delete(_ moniker: String, on connection: StoreConnection, now: Int) async throws -> ArticleTag {
        let (id, tag) = try await Self.existing(moniker, on: connection)
        let articles = try await NewsTagStore.articleIDs(taggedWith: id, on: connection)
        try await NewsTagStore.delete(id, on: connection)
        try await Self.record(articles, on: connection, now: now)
        return tag
    }

    private static func existing(_ moniker: String, on connection: StoreConnection) async throws -> (id: Int, tag: ArticleTag) {
        guard let found = try await NewsTagStore.tag(moniker, on: connection) else { throw Refusal.notFound(.newsUnknownTag, moniker) }
        return found
    }

    /// Records `articles` in the change log, a thousand to a statement.
    private static func record(_ articles: [Int], on connection: StoreConnection, now: Int) async throws {
        for start in stride(from: 0, to: articles.count, by: 1000) {
            try await NewsChangeLog.recordArticles(Array(articles[start..<min(start + 1000, articles.count)]), on: connection, now: now)
        }
    }
}
