import EndpointServer
import Foundation
import Push
import Storage
import TestSupport
import Testing

/// Push on publish: one notification per article to every registered device when it becomes visible
/// (created validated, validated later, its `add_date` reached), exactly once, and only with
/// `news_push_on_publish` on.
@Suite struct NewsPublicationTests {
    static func queued(_ site: Site) async throws -> [(token: String, notification: PushNotification)] {
        try await site.database.withConnection { try await PushOutbox.all(on: $0) }.map { ($0.token, try $0.notification) }
    }

    @Test(arguments: TestDatabase.engines)
    func anArticleIsAnnouncedOnceToEveryDeviceWhenItBecomesVisible(engine: DatabaseEngine) async throws {
        try await TestServer.run(engine: engine, config: ["news_push_on_publish": "1"]) { _, site in
            try await PushDevices.register("anonymous-install", .android, member: nil, database: site.database)
            try await PushDevices.register("members-phone", .ios, member: 1, database: site.database)
            let now = UnixTime.now
            let live = try await NewsFixtures.article("Live now", summary: "It happened", database: site.database)
            let scheduled = try await NewsFixtures.article("Tomorrow", addDate: now + 86_400, database: site.database)
            let draft = try await NewsFixtures.article("Draft", validated: false, database: site.database)

            #expect(try await site.newsClock.tick(now: now).announced == 1)
            let first = try await Self.queued(site)
            #expect(first.map(\.token).sorted() == ["anonymous-install", "members-phone"])
            #expect(first.allSatisfy { $0.notification.title == "Live now" && $0.notification.body == "It happened" })
            #expect(first.allSatisfy { $0.notification.data["article_id"] == String(live) })
            #expect(try await site.newsClock.tick(now: now).announced == 0, "exactly once")

            try await NewsFixtures.edit(draft, database: site.database) { $0.validated = true }
            #expect(try await site.newsClock.tick(now: now).announced == 1, "validated later")
            #expect(try await site.newsClock.tick(now: now + 86_401).announced == 1, "its add_date reached")
            let all = try await Self.queued(site)
            #expect(all.count == 6)
            #expect(all.filter { $0.notification.data["article_id"] == String(scheduled) }.count == 2)
            try await NewsFixtures.edit(draft, database: site.database) { $0.validated = false }
            try await NewsFixtures.edit(draft, database: site.database) { $0.validated = true }
            #expect(try await site.newsClock.tick(now: now + 86_401).announced == 0, "shown again is not news again")
        }
    }

    @Test func withTheOptionOffNothingIsQueuedAndTheBackCatalogueStaysQuiet() async throws {
        try await TestServer.run { _, site in
            try await PushDevices.register("install", .android, member: nil, database: site.database)
            try await NewsFixtures.article("Quiet", database: site.database)
            #expect(try await site.newsClock.tick().announced == 0)
            try await site.database.withConnection { try await $0.raw("UPDATE config SET value = '1' WHERE name = 'news_push_on_publish'").run() }
            site.config.invalidate()
            #expect(try await site.newsClock.tick().announced == 0, "articles published while it was off are not announced later")
            #expect(try await Self.queued(site).isEmpty)
            try await NewsFixtures.article("Loud", database: site.database)
            #expect(try await site.newsClock.tick().announced == 1)
        }
    }
}
