import EndpointCore
import EndpointServer
import Foundation
import HTTPTypes
import HummingbirdTesting
import SQLKit
import Storage
import TestSupport
import Testing
import Text

/// `content/galleries` `id=changes&since=<token>` on both engines, through the real HTTP server, as
/// an app keeping its galleries up to date reads it: the tree's `sync`, then what changed after it —
/// galleries and items written through commandr_fs as they are now (an image's alt text and a
/// video made ready by ffmpeg too), what was hidden, removed with its library image, renamed or
/// deleted named in `deleted` —, paged with `has_more`, and a reset for
/// a token from another database, one the retention sweep passed, or none. On PostgreSQL a second
/// writer waits for the first's commit, so no change is numbered ahead of one still uncommitted.
@Suite struct GalleryChangesTests {
    @Test(arguments: TestDatabase.engines)
    func anAppCatchesUpWithEveryChangeOnce(engine: DatabaseEngine) async throws {
        try await CommandrFSTests.asAdmin(engine: engine, framework: .live) { fs, client, site in
            func changes(_ token: String?) async throws -> DecodedEnvelope {
                let answer = try await client.envelope("/data/endpoint.php/content/galleries/changes" + (token.map { "?since=" + $0 } ?? ""))
                try #require(answer.success == true, "\(answer.raw)")
                return answer
            }
            func names(_ answer: DecodedEnvelope) -> [String?] { (answer.data["galleries"] as? [[String: Any]] ?? []).map { $0["name"] as? String } }
            func items(_ answer: DecodedEnvelope) -> [Int?] { (answer.data["items"] as? [[String: Any]] ?? []).map { $0["id"] as? Int } }
            func deleted(_ answer: DecodedEnvelope) -> [String] {
                (answer.data["deleted"] as? [[String: Any]] ?? []).map { "\($0["type"] ?? "")/\($0["name"] ?? $0["id"] ?? "")@\($0["gallery"] ?? "")" }.sorted()
            }
            func sync(_ answer: DecodedEnvelope) throws -> String { try #require(answer.data["sync"] as? String) }

            let start = try sync(try await client.envelope("/data/endpoint.php/content/galleries"))
            let nothing = try await changes(start)
            #expect(names(nothing).isEmpty && items(nothing).isEmpty && nothing.data["reset"] as? Bool == false, "\(nothing.raw)")
            #expect(try await changes(nil).data["reset"] as? Bool == true, "no token: read the tree")

            // Two galleries, three items: each gallery and item once, as it is now (the last count, the last caption).
            let harbour = try #require(try await fs.upload(try ImageFixtures.bytes(ImageFixtures.landscape), as: "harbour.jpg").data["id"] as? Int)
            let green = try #require(try await fs.upload(try ImageFixtures.bytes(ImageFixtures.wideGreenCentre), as: "green.png").data["id"] as? Int)
            for body in [#"{"label": "Trips"}"#, #"{"label": "Old", "parent": "trips"}"#] {
                let name = body.contains("Old") ? "old" : "trips"
                try #require(try await fs.rest(.post, "var/galleries/\(name)/_folder.cms", body: body).success == true)
            }
            var added: [Int] = []
            for (media, caption) in [(harbour, "Quay"), (green, "Field"), (harbour, "Again")] {
                let made = try await fs.rest(.post, "var/galleries/trips/new.cms", body: #"{"media": "media:\#(media)", "caption": "\#(caption)"}"#)
                added.append(try #require(made.data["id"] as? Int, "\(made.raw)"))
            }
            try #require(try await fs.rest(.put, "var/galleries/trips/\(added[0]).cms", body: #"{"caption": "The quay"}"#).success == true)
            let first = try await changes(start)
            #expect(names(first).sorted { ($0 ?? "") < ($1 ?? "") } == ["old", "trips"], "\(first.raw)")
            #expect(Set(items(first).compactMap { $0 }) == Set(added) && items(first).count == 3, "each item once")
            let trips = (first.data["galleries"] as? [[String: Any]])?.first { $0["name"] as? String == "trips" }
            #expect(trips?["item_count"] as? Int == 3 && trips?["parent"] is NSNull, "\(trips ?? [:])")
            let old = (first.data["galleries"] as? [[String: Any]])?.first { $0["name"] as? String == "old" }
            #expect(old?["parent"] as? String == "trips")
            let quay = (first.data["items"] as? [[String: Any]])?.first { $0["id"] as? Int == added[0] }
            #expect(quay?["caption"] as? String == "The quay" && quay?["gallery"] as? String == "trips" && quay?["position"] as? Int == 1, "\(quay ?? [:])")
            #expect(
                try await client.image(try #require((quay?["image"] as? [String: Any])?["url"] as? String)).status == .ok, "the image's link is followed")
            #expect(deleted(first).isEmpty && first.data["has_more"] as? Bool == false)
            #expect(items(try await changes(try sync(first))).isEmpty, "nothing twice")

            // What an item shows changed without the item being written: its library image's alt text.
            try #require(try await fs.rest(.put, "var/media/harbour.cms", body: #"{"alt_text": "Boats at the quay"}"#).success == true)
            let described = try await changes(try sync(first))
            #expect(Set(items(described).compactMap { $0 }) == [added[0], added[2]], "\(described.raw)")
            let alt = (described.data["items"] as? [[String: Any]])?.compactMap { ($0["image"] as? [String: Any])?["alt_text"] as? String }
            #expect(alt == ["Boats at the quay", "Boats at the quay"])
            let afterFirst = try sync(described)

            // Hidden, removed with its library image, renamed, deleted: each said in `deleted`.
            try #require(try await fs.rest(.put, "var/galleries/trips/\(added[2]).cms", body: #"{"validated": 0}"#).success == true)
            try #require(try await fs.rest(.delete, "var/media/green.png").success == true)
            try #require(try await fs.rest(.put, "var/galleries/old/_folder.cms", body: #"{"name": "older"}"#).success == true)
            try #require(try await fs.rest(.post, "var/galleries/gone/_folder.cms", body: #"{"label": "Gone"}"#).success == true)
            try #require(try await fs.rest(.delete, "var/galleries/gone/_folder.cms").success == true)
            let second = try await changes(afterFirst)
            #expect(
                deleted(second) == ["gallery/gone@", "gallery/old@", "item/\(added[1])@trips", "item/\(added[2])@trips"].sorted(), "\(second.raw)")
            #expect(names(second).contains("older") && names(second).contains("trips") && !names(second).contains("old"), "\(second.raw)")
            #expect(items(second).isEmpty, "nothing shown changed")
            let trips2 = (second.data["galleries"] as? [[String: Any]])?.first { $0["name"] as? String == "trips" }
            #expect(trips2?["item_count"] as? Int == 1)

            // A video item, then its video made ready by the real ffmpeg: the item comes again, playable.
            let clips = try VideoClips()
            let clip = Array(try Data(contentsOf: URL(fileURLWithPath: try clips.clip("waves.mp4", size: "160x120", seconds: 1))))
            try #require(try await fs.upload(clip, as: "waves.mp4", method: .put).success == true)
            let video = try #require(try await fs.read("var/media/waves.cms")["reference"] as? String)
            let placed = try await fs.rest(.post, "var/galleries/trips/new.cms", body: #"{"media": "\#(video)"}"#)
            let videoItem = try #require(placed.data["id"] as? Int, "\(placed.raw)")
            let beforeReady = try await changes(try sync(second))
            #expect(items(beforeReady) == [videoItem], "\(beforeReady.raw)")
            func state(_ answer: DecodedEnvelope) -> String? {
                ((answer.data["items"] as? [[String: Any]])?.first { $0["id"] as? Int == videoItem }?["video"] as? [String: Any])?["state"] as? String
            }
            try #require(state(beforeReady) != "ready", "the clip was made before its item was read; the test cannot tell")
            try await Waiting.until("the video is ready", seconds: 120) {
                let page = try await client.envelope("/data/endpoint.php/content/galleries/galleries/trips")
                return (page.data["items"] as? [[String: Any]])?.contains { ($0["video"] as? [String: Any])?["state"] as? String == "ready" } == true
            }
            let ready = try await changes(try sync(beforeReady))
            #expect(items(ready) == [videoItem] && state(ready) == "ready", "\(ready.raw)")

            // More than an answer holds: `has_more`, then the rest with the new token, nothing lost or repeated.
            var many: Set<Int> = []
            for _ in 0..<205 {
                let made = try await fs.rest(.post, "var/galleries/older/new.cms", body: #"{"media": "media:\#(harbour)"}"#)
                many.insert(try #require(made.data["id"] as? Int, "\(made.raw)"))
            }
            let beforeMany = try sync(ready)
            var token = beforeMany
            var seen: [Int] = []
            var answers = 0
            repeat {
                let page = try await changes(token)
                seen += items(page).compactMap { $0 }
                token = try sync(page)
                answers += 1
                if answers == 1 { #expect(page.data["has_more"] as? Bool == true, "\(page.raw.prefix(300))") }
                if page.data["has_more"] as? Bool != true { break }
            } while answers < 5
            #expect(answers == 2 && seen.count == 205 && Set(seen) == many)

            // A token of another database, a garbled one, one the retention sweep passed.
            let foreign = "/data/endpoint.php/content/galleries/changes?since=" + OpaqueToken.encode(["gs1", "elsewhere", "1"])
            #expect(try await client.envelope(foreign).data["reset"] as? Bool == true)
            let garbled = try await client.envelope("/data/endpoint.php/content/galleries/changes?since=%21%21")
            #expect(garbled.status == .badRequest && garbled.errorDetails == "The sync token is not valid. Fetch the galleries again from the start.")
            let later = SiteClock { site.clock.now + 91 * 86_400 }
            let swept = try #require(try await Maintenance.sweep(site.database, config: site.config, clock: later))
            #expect(swept["gallery_changes"] >= 205, "\(swept)")
            #expect(try await changes(token).data["reset"] as? Bool == false, "nothing after the newest token was swept")
            let reset = try await changes(beforeMany)
            #expect(reset.data["reset"] as? Bool == true && items(reset).isEmpty, "\(reset.raw)")
            #expect(try await changes(try sync(reset)).data["reset"] as? Bool == false, "the new token is good")
        }
    }

    /// While one transaction has written a gallery and not committed, another writing a different
    /// gallery waits (seen waiting for the advisory lock in `pg_locks`) and is numbered after it.
    @Test func writersAreNumberedInCommitOrderOnPostgreSQL() async throws {
        guard TestDatabase.engines.contains(.postgres) else { return }
        try await CommandrFSTests.asAdmin(engine: .postgres) { fs, _, site in
            for name in ["first", "second"] {
                try #require(try await fs.rest(.post, "var/galleries/\(name)/_folder.cms", body: #"{"label": "G"}"#).success == true)
            }
            // The first writer and the watcher on connections of their own, the server's pool left to the second.
            let second = try await Database.withOpen(site.database.url) { own in
                try await own.transaction { connection in
                    try await connection.raw("UPDATE galleries SET title = 'One' WHERE name = 'first'").run()
                    let second = Task { try await fs.rest(.put, "var/galleries/second/_folder.cms", body: #"{"label": "Two"}"#) }
                    try await Waiting.until("the second writer waits for the first", seconds: 30) {
                        try await own.withConnection {
                            try await $0.raw(
                                """
                                SELECT COUNT(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted
                                AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
                                """
                            ).first()?.decode(column: "n", as: Int.self) ?? 0 > 0
                        }
                    }
                    return second
                }
            }
            #expect(try await second.value.success == true)
            let order = try await site.database.withConnection {
                try await $0.raw("SELECT gallery_name FROM gallery_changes WHERE subject = 'gallery' ORDER BY seq DESC LIMIT 2").all()
                    .map { try $0.decode(column: "gallery_name", as: String.self) }
            }
            #expect(order == ["second", "first"], "the later commit has the higher number")
        }
    }
}
