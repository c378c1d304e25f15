import Auth
import EndpointCore
import Foundation
import HTTPTypes
import Hooks
import HummingbirdTesting
import Storage
import TestSupport
import Testing

/// Several devices per member, logging out one or all.
@Suite struct SessionTests {
    @Test(arguments: TestDatabase.engines)
    func devicesAreIndependentUntilLoggedOut(engine: DatabaseEngine) async throws {
        try await TestServer.run(engine: engine) { client, services in
            try await AccountFixtures.member("alice", services: services)
            let phone = try LoggedIn(try await client.login("alice", headers: [.userAgent: "phone"]))
            let tablet = try LoggedIn(try await client.login("alice", headers: [.userAgent: "tablet"]))
            let laptop = try LoggedIn(try await client.login("alice", headers: [.userAgent: "laptop"]))
            #expect(Set([phone.sessionID, tablet.sessionID, laptop.sessionID]).count == 3)
            let recorded = try await services.sessions.live(memberID: 2)
            #expect(Set(recorded.map(\.userAgent)) == ["phone", "tablet", "laptop"])
            #expect(Set(recorded.map(\.id)) == Set([phone.sessionID, tablet.sessionID, laptop.sessionID]))
            for device in [phone, tablet, laptop] {
                #expect(try await client.envelope(AccountFixtures.sessionURI, headers: device.iOSHeaders).success == true)
            }

            let loggedOut = try await client.envelope("/data/endpoint.php/account/session", method: .delete, headers: phone.iOSHeaders)
            #expect(loggedOut.data["message"] as? String == "You have been logged out on this device.")
            #expect(loggedOut.headers[values: .setCookie].allSatisfy { $0.contains("Max-Age=0") })
            #expect(try await client.envelope(AccountFixtures.sessionURI, headers: phone.iOSHeaders).errorDetails == "You are not logged in.")
            #expect(try await client.envelope(AccountFixtures.sessionURI, headers: tablet.iOSHeaders).success == true)

            let everywhere = try await client.envelope(AccountFixtures.sessionURI + "&type=delete&id=all", headers: tablet.iOSHeaders)
            #expect(everywhere.data["message"] as? String == "You have been logged out on all your devices.")
            for device in [tablet, laptop] {
                #expect(try await client.envelope(AccountFixtures.sessionURI, headers: device.iOSHeaders).errorDetails == "You are not logged in.")
            }
        }
    }

    @Test func sessionViewReportsStaffAndAdmin() async throws {
        try await TestServer.run { client, services in
            try await AccountFixtures.member("root", role: .administrators, services: services)
            try await AccountFixtures.member("mod", role: .superModerators, services: services)
            let root = try LoggedIn(try await client.login("root"))
            let mod = try LoggedIn(try await client.login("mod"))
            let rootView = try await client.envelope(AccountFixtures.sessionURI, headers: root.iOSHeaders)
            #expect(rootView.data["admin_status"] as? Bool == true)
            #expect(rootView.data["staff_status"] as? Bool == true)
            let modView = try await client.envelope(AccountFixtures.sessionURI, headers: mod.iOSHeaders)
            #expect(modView.data["admin_status"] as? Bool == false)
            #expect(modView.data["staff_status"] as? Bool == true)

            #expect(root.answer.data["pages_blacklist"] as? [String] == [])
            #expect((root.answer.data["zone_access"] as? [String])?.contains("adminzone") == true)
            #expect((root.answer.data["privileges"] as? [String])?.contains("disable_lost_passwords") == true)
        }
    }

    @Test func guestsAndUnknownActionsGetClearAnswers() async throws {
        try await TestServer.run { client, services in
            #expect(try await client.envelope(AccountFixtures.sessionURI).errorDetails == "You are not logged in.")
            try await AccountFixtures.member("alice", services: services)
            let alice = try LoggedIn(try await client.login("alice"))
            let answer = try await client.envelope(AccountFixtures.sessionURI + "&type=search", headers: alice.iOSHeaders)
            #expect(answer.errorDetails == "This hook does not support the \u{2018}search\u{2019} action.")
        }
    }
}
