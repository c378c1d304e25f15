import Auth
import Media
import News
import Push
import Storage

extension CacheEviction {
    /// The live config snapshot, memberships, sessions, news answers and live streams, push
    /// registrations and images.
    static func live(
        config: ConfigStore, memberships: Memberships, sessions: SessionStore, news: NewsAnswerCache, live: NewsLiveFeed,
        pushTokens: PushRegistrations, media: MediaVersions
    ) -> Self {
        Self(
            // Answers read config (the site's name, languages): they go too.
            configChanged: {
                config.invalidate()
                news.clear()
            },
            groupsChanged: { memberships.forgetAll() },
            memberChanged: { memberID in
                sessions.forgetCached(memberID: memberID)
                memberships.forget(memberID: memberID)
            },
            newsChanged: {
                news.clear()
                live.changed()
            },
            tokensChanged: { pushTokens.forgetAll() },
            mediaRemoved: { media.forget(contentHash: $0) },
            everythingChanged: {
                config.invalidate()
                memberships.forgetAll()
                sessions.forgetAllCached()
                news.clear()
                live.changed()
                pushTokens.forgetAll()
                media.forgetSummaries()
            }
        )
    }
}
