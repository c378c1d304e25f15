import EndpointServer
import Foundation
import HTTPTypes
import TestSupport
import Testing

/// Bodies larger than the body limit take one of a few places before they are read (security review
/// 2, finding 9): four anonymous uploads trickling 8 KB a second took every place, and an
/// administrator's upload was refused for as long as they lasted. Anonymous uploads now take one
/// place per client network, and a caller whose header credentials check out has places of its own.
@Suite struct UploadPlacesTests {
    @Test func anonymousTricklesNeitherMultiplyNorLockOutAnAdministrator() async throws {
        let bodyLimit = 10_000
        var settings = ServerSettings()
        settings.maximumBodyBytes = bodyLimit
        try await TestServer.run(settings: settings, framework: .live) { client, site in
            let port = try #require(client.port)
            try await AccountFixtures.member("root", role: .administrators, services: site)
            let fs = CommandrClient(client: client, headers: try LoggedIn(try await client.login("root")).iOSHeaders)
            let head =
                "POST /data/endpoint.php/content/commandr_fs/var/media/x.png HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                + "Content-Type: application/octet-stream\r\nContent-Length: 20000000\r\n\r\n"
            // The first holds this network's place, trickling; the next three are refused at once.
            let holder = try await RawHTTP.connect(port: port)
            try await holder.send(head + String(repeating: "x", count: 8_192))
            for _ in 0..<3 {
                let refused = try await RawHTTP.exchange(port: port, head + String(repeating: "x", count: 8_192), seconds: 5)
                #expect(refused.hasPrefix("HTTP/1.1 503"), "\(refused.prefix(200))")
            }
            let image = try ImageFixtures.bytes(ImageFixtures.landscape)
            #expect(image.count > bodyLimit, "an upload past the body limit")
            let uploaded = try await fs.upload(image, as: "field.jpg")
            #expect(uploaded.status == .ok && uploaded.success == true, "\(uploaded.raw)")
            await holder.close()
        }
    }
}
