import Auth
import EndpointServer
import Foundation
import News
import Storage
import TestSupport
import Testing

/// Every save of an article through the one door is a revision (issue 64, first part): who saved it,
/// when and what it held, on both engines; an article keeps its newest `news_revisions_kept`, and its
/// revisions go with it.
@Suite struct ArticleRevisionTests {
    static func revisions(_ id: Int, _ site: Site) async throws -> [NewsRevision] {
        try await site.database.withConnection { try await NewsRevisionStore.list(articleID: id, on: $0) }
    }

    /// Each revision's summary, newest first, as its fields hold it.
    static func summaries(_ id: Int, _ site: Site) async throws -> [String] {
        try await site.database.withConnection { connection in
            var summaries: [String] = []
            for revision in try await NewsRevisionStore.list(articleID: id, on: connection) {
                summaries.append(try await NewsRevisionStore.changes(revision: revision.id, of: id, on: connection)?.summary ?? "")
            }
            return summaries
        }
    }

    @Test(arguments: TestDatabase.engines)
    func tenSavesAreTenRevisionsAndOnlyTheNewestKeptAreKept(engine: DatabaseEngine) async throws {
        try await CommandrFSTests.asAdmin(engine: engine) { fs, _, site in
            let added = try await fs.rest(.post, "var/news/general/harbour.cms", body: #"{"summary": "Draft 1", "article": "The harbour at dawn."}"#)
            #expect(added.success == true, "\(added.raw)")
            let id = try #require(try await site.database.withConnection { try await ResourceIdentityStore.find(.news, moniker: "harbour", on: $0) }?.id)
            for save in 2...10 {
                let saved = try await fs.rest(.put, "var/news/general/harbour.cms", body: #"{"summary": "Draft \#(save)"}"#)
                #expect(saved.success == true, "\(saved.raw)")
            }
            let root = try #require(try await site.database.withConnection { try await MemberStore.find(login: "root", on: $0) })
            #expect(try await Self.summaries(id, site) == (1...10).reversed().map { "Draft \($0)" }, "newest first, each as it was saved")
            #expect(try await Self.revisions(id, site).allSatisfy { $0.memberID == root.id && $0.title == "harbour" })

            let kept = try await fs.query("edit", "etc/news_revisions_kept", data: "5")
            #expect(kept.success == true, "\(kept.raw)")
            _ = try await fs.rest(.put, "var/news/general/harbour.cms", body: #"{"summary": "Draft 11"}"#)
            #expect(try await Self.summaries(id, site) == (7...11).reversed().map { "Draft \($0)" })

            // A refused save is no revision.
            let refused = try await fs.rest(.put, "var/news/general/harbour.cms", body: #"{"category": "nowhere"}"#)
            #expect(refused.success == false)
            #expect(try await Self.revisions(id, site).count == 5)

            _ = try await fs.rest(.delete, "var/news/general/harbour.cms")
            let left = try await site.database.withConnection {
                try await $0.raw("SELECT COUNT(*) AS n FROM news_revisions").first()?.decode(column: "n", as: Int.self)
            }
            #expect(left == 0, "an article's revisions go with it")
        }
    }
}
