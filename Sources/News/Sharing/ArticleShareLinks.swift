import Crypto
public import EndpointCore
public import Messages
import Routes
public import Storage
import Text

/// A link to a draft's page, as its maker's editor lists it (its token is never kept: only its
/// SHA-256, ``key``, which names it to revoke).
public struct ArticleShareLink: Sendable, Equatable {
    public var key: String
    /// The article it shows a draft of; nil for a new article not yet saved.
    public var articleID: Int?
    public var memberID: Int
    /// The draft's title when shared.
    public var title: String
    public var createdAt: Int
    public var expiresAt: Int
}

/// Share links: a draft's reader page, rendered when it is shared, readable by whoever holds the link
/// until it expires (`news_share_link_days`) or its maker revokes it. The link's token is 32 random
/// bytes; only their SHA-256 is stored, so the database does not hold a working link, and a lookup
/// by hash is a lookup by a secret's digest, not a comparison of the secret.
public struct ArticleShareLinks: Sendable {
    private let database: Database
    private let publicURL: String
    private let clock: SiteClock

    public init(database: Database, publicURL: String, clock: SiteClock) {
        self.database = database
        self.publicURL = PublicURL.normalised(publicURL)
        self.clock = clock
    }

    /// Shares `pageHTML` (the reader's page of the draft titled `title` of article `articleID`, nil for
    /// an unsaved one) as made by `memberID`; returns the link's absolute URL, shown once.
    public func share(pageHTML: String, title: String, articleID: Int?, memberID: Int) async throws -> String {
        let token = RandomText.hex(byteCount: 32)
        let now = self.clock.now
        try await self.database.transaction { connection in
            let days = try await ConfigStore.value(ConfigOption.newsShareLinkDays.name, on: connection).flatMap { Int($0) } ?? 7
            let link = ArticleShareLink(
                key: Self.key(token), articleID: articleID, memberID: memberID, title: title, createdAt: now, expiresAt: now + days * 86_400)
            try await NewsShareLinkStore.create(link, pageHTML: pageHTML, on: connection)
        }
        return SiteRoute.sharedDraft(token: token).url(on: self.publicURL)
    }

    /// The page shared under `token`, unless the link expired, was revoked or never was.
    public func page(token: String) async throws -> String? {
        guard token.utf8.count == 64, token.allSatisfy({ $0.isHexDigit && !$0.isUppercase }) else { return nil }
        return try await self.database.withConnection { try await NewsShareLinkStore.page(key: Self.key(token), now: self.clock.now, on: $0) }
    }

    /// The live links `memberID` made of article `articleID` (nil: their unsaved new article).
    public func links(articleID: Int?, memberID: Int) async throws -> [ArticleShareLink] {
        try await self.database.withConnection { try await NewsShareLinkStore.links(articleID: articleID, memberID: memberID, now: self.clock.now, on: $0) }
    }

    /// Revokes `memberID`'s link `key` at once; a link that is not theirs (or no longer live) is not found.
    public func revoke(key: String, memberID: Int) async throws {
        guard try await self.database.withConnection({ try await NewsShareLinkStore.revoke(key: key, memberID: memberID, on: $0) }) else {
            throw Refusal.notFound(.newsNoSuchShareLink)
        }
    }

    /// The maintenance step removing expired links.
    public static func sweep() -> MaintenanceSweep.Step { NewsShareLinkStore.sweep() }

    private static func key(_ token: String) -> String {
        Hex.encode(SHA256.hash(data: Array(token.utf8)))
    }
}
