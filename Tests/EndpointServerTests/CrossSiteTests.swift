import Auth
import EndpointServer
import Foundation
import HTTPTypes
import HummingbirdTesting
import Push
import SQLKit
import TestSupport
import Testing

/// Cross-site request forgery: what another site can make a logged-in browser send. Decided by what the
/// operation does, not by the HTTP method, since GET-parameter style names its operation in `type=` and
/// `SameSite=Lax` cookies ride along on top-level GET navigations from anywhere.
@Suite struct CrossSiteTests {
    static let evil: HTTPFields = [.origin: "https://evil.example"]
    static let crossSiteNavigation: HTTPFields = [HTTPField.Name("Sec-Fetch-Site")!: "cross-site"]
    static let refusedByLink = "This request would change something, so it cannot come from a link. Send it with POST from this site, or through the app."
    static let refusedCrossSite = "This request came from another website and was refused. Log in through the app or this site itself."

    /// The findings as reported: an administrator's and a member's cookies riding on GETs another site
    /// makes their browsers send.
    @Test func cookieGETsChangeNothing() async throws {
        try await TestServer.run { client, site in
            try await AccountFixtures.member("admin", role: .administrators, services: site)
            try await AccountFixtures.member("carol", services: site)
            let admin = try LoggedIn(try await client.login("admin"))
            let carol = try LoggedIn(try await client.login("carol"))
            try await PushDevices.register(String(repeating: "ab", count: 32), .ios, member: nil, database: site.database)
            #expect(
                try await client.postForm(
                    "/data/endpoint.php?hook_type=misc&hook=contact_us", [("title", "Broken link"), ("post", "The link is broken.")]
                ).success == true)

            for extra in [Self.evil, Self.crossSiteNavigation, [:]] {
                let broadcast = try await client.envelope(
                    "/data/endpoint.php?hook_type=misc&hook=push_send&all_devices=1&title=Hacked&body=Click", headers: admin.cookieHeader.merging(extra)
                )
                #expect(broadcast.status == .forbidden)
                #expect(broadcast.errorDetails == Self.refusedByLink)
                let deletion = try await client.envelope(
                    "/data/endpoint.php?hook_type=content&hook=commandr_fs&type=delete&id=var/contact_messages/broken-link.cms",
                    headers: admin.cookieHeader.merging(extra)
                )
                #expect(deletion.status == .forbidden)
                let registration = try await client.envelope(
                    "/data/endpoint.php?hook_type=account&hook=setup_push_notifications&device=android&token=attackers-phone-token",
                    headers: carol.cookieHeader.merging(extra)
                )
                #expect(registration.status == .forbidden)
                let logout = try await client.envelope(AccountFixtures.sessionURI + "&type=delete&id=all", headers: carol.cookieHeader.merging(extra))
                #expect(logout.status == .forbidden)
                let head = try await client.execute(
                    uri: AccountFixtures.sessionURI + "&type=delete&id=all", method: .head, headers: carol.cookieHeader.merging(extra)
                ) { $0.status }
                #expect(head == .forbidden)
            }

            #expect(try await site.database.withConnection { try await PushOutbox.all(on: $0) }.isEmpty, "no broadcast was queued")
            #expect(try await PushDevices.tokens(site.database) == [String(repeating: "ab", count: 32)], "no token was registered")
            let admins = CommandrClient(client: client, headers: admin.iOSHeaders)
            #expect(try await admins.list("var/contact_messages").files == ["broken-link.cms"], "the message is still there")
            #expect(try await client.envelope(AccountFixtures.sessionURI, headers: carol.cookieHeader).success == true, "still logged in")
        }
    }

    /// The same operations from this site or with the credentials apps send still work, and reads work
    /// from anywhere.
    @Test func sameSiteAndAppCredentialsStillWork() async throws {
        try await TestServer.run { client, site in
            try await AccountFixtures.member("admin", role: .administrators, services: site)
            let admin = try LoggedIn(try await client.login("admin"))

            let read = try await client.envelope(AccountFixtures.sessionURI, headers: admin.cookieHeader.merging(Self.evil))
            #expect(read.success == true, "a read from anywhere: \(read.raw)")
            let viaHeaders = try await client.envelope(
                "/data/endpoint.php?hook_type=account&hook=setup_push_notifications&device=ios&token=\(String(repeating: "cd", count: 32))",
                headers: admin.iOSHeaders.merging(Self.evil)
            )
            #expect(viaHeaders.success == true, "header credentials are never sent by a browser on its own: \(viaHeaders.raw)")

            let foreignPost = try await client.postForm(
                "/data/endpoint.php?hook_type=misc&hook=push_send", [("all_devices", "1"), ("title", "t"), ("body", "b")],
                headers: admin.cookieHeader.merging(Self.crossSiteNavigation)
            )
            #expect(foreignPost.status == .forbidden, "Sec-Fetch-Site says cross-site even without an Origin")
            let sameSitePost = try await client.postForm(
                "/data/endpoint.php?hook_type=misc&hook=push_send", [("all_devices", "1"), ("title", "t"), ("body", "b")],
                headers: admin.cookieHeader.merging([.origin: "http://localhost", HTTPField.Name("Sec-Fetch-Site")!: "same-origin"])
            )
            #expect(sameSitePost.success == true, "\(sameSitePost.raw)")
            #expect(sameSitePost.data["devices"] as? Int == 1)
        }
    }

    /// Login CSRF: a page elsewhere cannot log a browser in (or sign it up) as an account of its choosing.
    @Test func loginAndJoinRefuseOtherSites() async throws {
        try await TestServer.run(config: ["email_confirm_join": "0"]) { client, site in
            try await AccountFixtures.member("mallory", services: site)
            let forged = try await client.login("mallory", headers: Self.evil)
            #expect(forged.status == .forbidden)
            #expect(forged.errorDetails == Self.refusedCrossSite)
            #expect(forged.headers[.setCookie] == nil)
            #expect(try await client.login("mallory", headers: Self.crossSiteNavigation).status == .forbidden)
            #expect(try await client.join(JoinFixtures.iOSFields("eve"), headers: Self.evil).status == .forbidden)
            #expect(try await site.members.find(login: "eve") == nil)

            #expect(try await client.login("mallory").success == true, "apps send no Origin")
            #expect(try await client.login("mallory", headers: [.origin: "http://localhost"]).success == true)
            #expect(try await client.join(JoinFixtures.iOSFields("eve")).success == true)
        }
    }
}
