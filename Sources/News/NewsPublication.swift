public import Push
public import Storage
public import Text

/// Announces newly shown news articles by push (config `news_push_on_publish`): one notification per
/// article — its title, its summary, `data.article_id` — to every registered device, anonymous
/// installs included.
///
/// Exactly once per article: the article is marked announced in the transaction that queues its
/// pushes (``NewsAnnouncementStore/claim(limit:now:on:)``), so a crash leaves both undone and two
/// instances never announce the same article. With the option off, articles are still marked, so
/// turning it on later does not announce the back catalogue.
public struct NewsPublication: Sendable {
    let database: Database

    public init(database: Database) {
        self.database = database
    }

    /// Announces (or, when `pushing` is off, only marks) up to `limit` newly shown articles; returns
    /// how many were announced.
    @discardableResult
    public func announceDue(pushing: Bool, limit: Int = 50, now: Int) async throws -> Int {
        try await self.database.transaction { connection in
            let articles = try await NewsAnnouncementStore.claim(limit: limit, now: now, on: connection)
            guard pushing else { return 0 }
            for published in articles {
                try await PushQueue.enqueue(Self.notification(published.article), to: .allDevices, on: connection, now: now)
            }
            return articles.count
        }
    }

    /// The push for `article`, shortened to stay well inside the services' payload limits.
    static func notification(_ article: NewsArticle) -> PushNotification {
        PushNotification(
            title: Self.shortened(article.title, to: 120),
            body: Self.shortened(article.shownSummary, to: 400),
            data: ["article_id": String(article.id), "notification_code": "news_published"]
        )
    }

    /// `text` cut to `length` Unicode scalars, the last an ellipsis when it was longer.
    private static func shortened(_ text: String, to length: Int) -> String {
        TextLength.fits(text, atMost: length) ? text : String(String.UnicodeScalarView(text.unicodeScalars.prefix(length - 1))) + "…"
    }
}
