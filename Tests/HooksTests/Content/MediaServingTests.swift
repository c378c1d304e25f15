import EndpointServer
import Foundation
import HTTPTypes
import HummingbirdTesting
import Media
import NIOConcurrencyHelpers
import TestSupport
import Testing

/// `/media/<hash>/<name>`: the versions apps ask for, each made once by libvips and kept on disk.
@Suite struct MediaServingTests {
    /// Uploads fixture `name` and returns its URL.
    static func upload(_ fixture: String, as name: String, _ fs: CommandrClient) async throws -> String {
        let added = try await fs.upload(try ImageFixtures.bytes(fixture), as: name)
        return try #require(added.data["url"] as? String, "\(added.raw)")
    }

    static func size(_ image: FetchedImage, _ format: MediaFormat = .jpeg) throws -> (Int, Int) {
        let header = try #require(MediaCodec.header(of: image.bytes, as: format), "status \(image.status)")
        return (header.width, header.height)
    }

    @Test func eachDeviceClassGetsItsWidthAndThumbnailsAreSquare() async throws {
        try await CommandrFSTests.asAdmin { fs, client, _ in
            let url = try await Self.upload(ImageFixtures.landscape, as: "field.jpg", fs)
            #expect(try Self.size(try await client.image(url)) == (1200, 900))
            #expect(try Self.size(try await client.image(url + "?d=1")) == (768, 576))
            #expect(try Self.size(try await client.image(url + "?d=2")) == (640, 480))
            #expect(try Self.size(try await client.image(url + "?d=0")) == (320, 240))
            #expect(try Self.size(try await client.image(url + "?d=9")) == (320, 240))
            #expect(try Self.size(try await client.image(url + "?s=75")) == (75, 75))
            #expect(try Self.size(try await client.image(url + "?s=150")) == (150, 150))
            let head = try await client.execute(uri: String(url[url.range(of: "/media/")!.lowerBound...]) + "?s=150", method: .head) { $0 }
            #expect(head.status == .ok && head.body.readableBytes == 0 && head.headers[.contentLength].flatMap(Int.init).map { $0 > 0 } == true)

            let wide = try await Self.upload(ImageFixtures.wideGreenCentre, as: "wide.png", fs)
            let thumbnail = try await client.image(wide + "?s=75")
            #expect(try Self.size(thumbnail, .png) == (75, 75))
            let centre = try #require(MediaCodec.pixel(of: thumbnail.bytes, x: 37, y: 37))
            let edge = try #require(MediaCodec.pixel(of: thumbnail.bytes, x: 2, y: 37))
            #expect(centre[1] > 150 && centre[0] < 100 && edge[1] > 150, "the green centre fills the square: \(centre) \(edge)")
            // Smaller than the thumbnail: square all the same, never enlarged.
            #expect(try Self.size(try await client.image(wide + "?s=150"), .png) == (100, 100))
            #expect(try Self.size(try await client.image(wide + "?d=2"), .png) == (300, 100))

            let unknown = try await client.envelope(String(url[url.range(of: "/media/")!.lowerBound...]) + "?s=77")
            #expect(unknown.status == .badRequest)
            #expect(unknown.errorDetails == "There is no image version ‘77’; square thumbnails come in 75, 150, 300 pixels.")
            let missing = try await client.envelope("/media/\(String(repeating: "a", count: 64))/x.jpg")
            #expect(missing.status == .notFound && missing.success == false)
        }
    }

    @Test func webPGoesToClientsThatAskForIt() async throws {
        try await CommandrFSTests.asAdmin { fs, client, _ in
            let url = try await Self.upload(ImageFixtures.landscape, as: "field.jpg", fs)
            let webp = try await client.image(url + "?d=2", headers: [.accept: "image/avif,image/webp,*/*;q=0.8"])
            #expect(webp.headers[.contentType] == "image/webp")
            #expect(MediaFormat(sniffing: webp.bytes) == .webp)
            #expect(try Self.size(webp, .webp) == (640, 480))
            let jpeg = try await client.image(url + "?d=2", headers: [.accept: "*/*"])
            #expect(jpeg.headers[.contentType] == "image/jpeg" && MediaFormat(sniffing: jpeg.bytes) == .jpeg)
            #expect(webp.headers[.eTag] != jpeg.headers[.eTag])
            let transparent = try await Self.upload(ImageFixtures.transparent, as: "dot.png", fs)
            #expect(try await client.image(transparent).headers[.contentType] == "image/png")
        }
    }

    /// A photograph's GPS position, camera and serial number leave with no version, in no format
    /// (security review 2, finding 2: WebP versions kept the EXIF block).
    @Test func noVersionCarriesThePhotographsMetadata() async throws {
        try await CommandrFSTests.asAdmin { fs, client, _ in
            let url = try await Self.upload(ImageFixtures.sidewaysWithGPS, as: "holiday.jpg", fs)
            for accept in ["image/webp,*/*", "*/*"] {
                for version in ["", "?d=2", "?s=150"] {
                    let image = try await client.image(url + version, headers: [.accept: accept])
                    let format = try #require(MediaFormat(sniffing: image.bytes), "\(accept) \(version)")
                    #expect(format == (accept == "*/*" ? .jpeg : .webp))
                    #expect(MediaCodec.header(of: image.bytes, as: format)?.hasMetadata == false, "\(accept) \(version)")
                    for marker in ["Exif", "EXIF", "SERIAL-0042", "GPS"] {
                        #expect(!ImageFixtures.contains(image.bytes, marker), "\(accept) \(version) holds \(marker)")
                    }
                }
            }
        }
    }

    @Test func fiftyFirstRequestsForOneVersionMakeItOnce() async throws {
        try await CommandrFSTests.asAdmin { fs, client, site in
            let url = try await Self.upload(ImageFixtures.landscape, as: "field.jpg", fs)
            let before = site.media.workshop.versionsMadeCount
            let answers = try await withThrowingTaskGroup(of: FetchedImage.self) { group in
                for _ in 0..<50 { group.addTask { try await client.image(url + "?d=1") } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(answers.allSatisfy { $0.status == .ok && $0.bytes == answers[0].bytes })
            #expect(site.media.workshop.versionsMadeCount - before == 1)
        }
    }

    @Test func aFullWorkshopAnswers503WithRetryAfter() async throws {
        var settings = ServerSettings()
        settings.mediaThreads = 1
        settings.mediaQueueLimit = 1
        try await TestServer.run(settings: settings) { client, site in
            try await AccountFixtures.member("root", role: .administrators, services: site)
            let fs = CommandrClient(client: client, headers: try LoggedIn(try await client.login("root")).iOSHeaders)
            let url = try await Self.upload(ImageFixtures.landscape, as: "field.jpg", fs)
            // Hold the workshop's only place until the refusal has been seen.
            let release = NIOLockedValueBox(false)
            let started = NIOLockedValueBox(false)
            let holding = Task {
                try await site.media.workshop.run {
                    started.withLockedValue { $0 = true }
                    while !release.withLockedValue({ $0 }) { usleep(1000) }
                }
            }
            try await Waiting.until("the workshop's place taken") { started.withLockedValue { $0 } }
            let refused = try await client.envelope(String(url[url.range(of: "/media/")!.lowerBound...]) + "?d=2")
            release.withLockedValue { $0 = true }
            try await holding.value
            #expect(refused.status == .serviceUnavailable && refused.headers[.retryAfter] != nil)
            #expect(refused.errorDetails == "The server is busy. Please try again in a moment.")
            #expect(try await client.image(url + "?d=2").status == .ok)
        }
    }

    @Test func aCachedVersionSurvivesARestartAndIsMadeAgainWhenItsFolderGoes() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("media-restart-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        var settings = ServerSettings()
        settings.mediaCacheDirectory = folder.path
        try await TestDatabase.withMigrated(.sqlite) { database in
            let url = try await TestServer.run(sharing: database, settings: settings) { client, site in
                try await AccountFixtures.member("root", role: .administrators, services: site)
                let fs = CommandrClient(client: client, headers: try LoggedIn(try await client.login("root")).iOSHeaders)
                let url = try await Self.upload(ImageFixtures.landscape, as: "field.jpg", fs)
                #expect(try await client.image(url + "?d=2").status == .ok)
                #expect(site.media.workshop.versionsMadeCount == 1)
                return url
            }
            try await TestServer.run(sharing: database, settings: settings) { client, site in
                #expect(try Self.size(try await client.image(url + "?d=2")) == (640, 480))
                #expect(site.media.workshop.versionsMadeCount == 0, "served from the folder the last run filled")
                try FileManager.default.removeItem(at: folder)
                #expect(try Self.size(try await client.image(url + "?d=2")) == (640, 480))
                #expect(site.media.workshop.versionsMadeCount == 1)
                #expect(site.media.cache.totalBytes > 0)
            }
        }
    }

    /// An image deleted while this instance was not told (stopped, or on SQLite by another process):
    /// the maintenance worker's cache sweep takes its versions out.
    @Test func theMaintenanceSweepRemovesVersionsOfImagesNoLongerStored() async throws {
        try await CommandrFSTests.asAdmin { fs, client, site in
            let kept = try await Self.upload(ImageFixtures.transparent, as: "kept.png", fs)
            let gone = try await Self.upload(ImageFixtures.landscape, as: "gone.jpg", fs)
            for url in [kept, gone] { #expect(try await client.image(url + "?s=75").status == .ok) }
            // Deleted by another process (its own pool: this instance is not told).
            try await TestDatabase.withOpen(site.database.url) { database in
                try await database.transaction { connection in
                    let image = try #require(try await MediaStore.all(on: connection).first { $0.name == "gone" })
                    try await MediaStore.delete(id: image.id, on: connection)
                }
            }
            #expect(try await site.media.sweepCache() == 1)
            #expect(try await site.media.sweepCache() == 0)
            #expect(try await client.image(kept + "?s=75").status == .ok)
            #expect(site.media.workshop.versionsMadeCount == 2, "the kept image's version was not made again")
        }
    }

    /// Two instances behind a load balancer: each serves what was uploaded through the other, and a
    /// deletion on one takes the versions out of the other's cache (the announcement).
    @Test func twoInstancesOnOnePostgreSQLServeEachOthersImages() async throws {
        guard TestDatabase.engines.contains(.postgres) else { return }
        try await TestDatabase.withMigrated(.postgres) { database in
            try await TestServer.run(sharing: database) { clientA, siteA in
                try await AccountFixtures.member("root", role: .administrators, services: siteA)
                let fs = CommandrClient(client: clientA, headers: try LoggedIn(try await clientA.login("root")).iOSHeaders)
                let url = try await Self.upload(ImageFixtures.landscape, as: "field.jpg", fs)
                try await TestServer.run(sharing: database) { clientB, siteB in
                    #expect(try Self.size(try await clientB.image(url + "?d=1")) == (768, 576))
                    #expect(siteB.media.cache.totalBytes > 0)
                    #expect(try await fs.rest(.delete, "var/media/field.jpg").success == true)
                    try await Waiting.until("the other instance forgets the deleted image") { siteB.media.cache.totalBytes == 0 }
                    #expect(try await clientB.image(url + "?d=1").status == .notFound)
                }
            }
        }
    }
}
