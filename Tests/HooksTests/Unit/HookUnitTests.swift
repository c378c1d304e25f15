import EndpointCore
import Foundation
import Logging
import Messages
import Push
import Testing

@testable import Auth
@testable import Hooks
@testable import Storage

/// Hooks built with fake dependencies: what each does with its request and its dependencies' answers,
/// without a server or a database.
@Suite struct HookUnitTests {
    static func request(_ hook: String, type: String? = nil, post: [String: String] = [:], query: [String: String] = [:], caller: Caller = .guest)
        -> HookRequest
    {
        HookRequest(
            key: HookKey("account", hook), type: type, id: nil, parameters: RequestParameters(post: post, query: query),
            caller: caller, clientAddress: "192.0.2.7", userAgent: "test-agent", requestID: "r1",
            language: MessageCatalog.english, logger: Logger(label: "test")
        )
    }

    static func caller(memberID: Int) -> Caller {
        Caller(
            session: DeviceSession(id: "s1", memberID: memberID, createdAt: 0, lastUsedAt: 0, expiresAt: 100, userAgent: "", ip: ""),
            channel: .headers
        )
    }

    @Suite struct Login {
        static let member = MemberRecord(
            id: 7, username: "alice", email: "alice@example.com", passwordHash: "", legacySalt: "", validated: true, emailConfirmed: true,
            banned: false, joinTime: 1_457_190_240, lastVisitTime: 1_795_475_760, primaryGroupID: 4, timezone: "UTC", language: "EN",
            dateOfBirth: "1990-03-05", signature: "[b]Hi[/b]"
        )
        /// Monday 23rd November 2026, 11:16 PM in London.
        static let profile = MemberProfile(siteTimeZone: { TimeZone(identifier: "Europe/London")! }, now: { 1_795_475_760 })

        @Test func answersWithTheProfileAndHandsOverTheDeviceToken() async throws {
            let token = SessionToken.generate()
            let membership = Membership(username: "alice", groups: [.init(id: 4, name: "Members")], isAdmin: false, isStaff: false)
            let success = Auth.Login.Success(
                member: Self.member,
                permissions: MemberPermissions(membership: membership, privileges: ["view_profiles"], pagesBlacklist: [], zoneAccess: [""]),
                session: DeviceSession(id: "abc", memberID: 7, createdAt: 0, lastUsedAt: 0, expiresAt: 3600, userAgent: "", ip: ""),
                token: token
            )
            let hook = AccountLoginHook(
                logIn: { username, password, client in
                    #expect(username == "alice" && password == "correct horse", "trimmed as Composr does")
                    #expect(client == Auth.Login.Client(ip: "192.0.2.7", userAgent: "test-agent"))
                    return success
                }, profile: Self.profile, cookies: SessionCookies(secure: true))
            let answer = try await hook.run(HookUnitTests.request("login", post: ["username": " alice ", "password": "correct horse\n"]))
            #expect(answer.data["primary_group_name"] == "Members")
            #expect(answer.data["join_time_string"] == "5th March 2016, 3:04 PM")
            #expect(answer.data["last_visit_time_string"] == "11:16 PM")
            #expect(answer.data["signature"] == "[b]Hi[/b]")
            #expect(answer.data["posts"] == .int(0))
            #expect(answer.data["birthdate"] == "5th March", "the year only when the member reveals their age")
            #expect(answer.data["device_auth_pass_hashed_vl"] == .string(token.text))
            #expect(answer.data["password"] == "")
            #expect(answer.data["user_data"]?["sessionID"] == "abc")
            #expect(
                answer.headers.map(\.value) == [
                    "cms_member_id=7; Path=/; Max-Age=3600; SameSite=Lax; Secure",
                    "cms_member_hash=\(token.text); Path=/; Max-Age=3600; SameSite=Lax; HttpOnly; Secure",
                ])
        }

        @Test func refusalsPassThroughWithTheirEnvelopeAnswer() async throws {
            let hook = AccountLoginHook(
                logIn: { _, _, _ in throw AccountFailure.limited(.loginThrottled, seconds: 90) }, profile: Self.profile, cookies: SessionCookies(secure: false)
            )
            await #expect(throws: AccountFailure.limited(.loginThrottled, seconds: 90)) {
                try await hook.run(HookUnitTests.request("login", post: ["username": "a", "password": "b"]))
            }
            #expect(
                EndpointError(AccountFailure.limited(.loginThrottled, seconds: 90).refusal, .composr)
                    == EndpointError(status: 200, message: .loginThrottled, arguments: ["2"], headers: ["Retry-After": "90"]))
        }
    }

    @Suite struct PushRegistration {
        /// A registry that records what it was asked to register.
        final class Recorder: @unchecked Sendable {
            var registered: [(String, PushPlatform, Int?, String)] = []
            func registry(administrators: Set<Int> = [], members: Set<Int> = [1, 2, 3]) -> AccountSetupPushNotificationsHook.Registry {
                .init(
                    register: { self.registered.append(($0, $1, $2, $3)) },
                    isAdministrator: { administrators.contains($0) },
                    memberExists: { members.contains($0) }
                )
            }
        }

        @Test func guestsAndMemberOneRegisterAnonymousDevices() async throws {
            let recorder = Recorder()
            let hook = AccountSetupPushNotificationsHook(registry: recorder.registry())
            let answer = try await hook.run(HookUnitTests.request("setup_push_notifications", post: ["token": "tok"], query: ["device": "IOS", "member": "1"]))
            #expect(answer.data["member_id"] == .null && answer.data["device"] == "ios")
            #expect(recorder.registered.count == 1 && recorder.registered[0].2 == nil)
        }

        @Test func onlyAdministratorsRegisterForOthers() async throws {
            let recorder = Recorder()
            let hook = AccountSetupPushNotificationsHook(registry: recorder.registry(administrators: [3]))
            await #expect(throws: EndpointError.refused(.pushForOtherMember)) {
                try await hook.run(
                    HookUnitTests.request(
                        "setup_push_notifications", post: ["token": "t", "member": "2"], query: ["device": "android"], caller: HookUnitTests.caller(memberID: 5)
                    ))
            }
            await #expect(throws: EndpointError.refused(.memberNoExist)) {
                try await hook.run(
                    HookUnitTests.request(
                        "setup_push_notifications", post: ["token": "t", "member": "9"], query: ["device": "android"], caller: HookUnitTests.caller(memberID: 3)
                    ))
            }
            _ = try await hook.run(
                HookUnitTests.request(
                    "setup_push_notifications", post: ["token": "t", "member": "2"], query: ["device": "android"], caller: HookUnitTests.caller(memberID: 3)))
            #expect(recorder.registered.map(\.2) == [2])
        }
    }

    /// Each feature's failure says once what kind it is; Composr's API answers the kinds.
    @Test func featureFailuresHaveOneComposrAnswerEach() {
        func composr(_ failure: any RefusalConvertible) -> EndpointError { EndpointError(failure.refusal, .composr) }
        #expect(composr(MemberRegistration.Conflict.email(siteName: "My site")) == .refused(.emailAddressInUseOnSite, "My site"))
        #expect(composr(MemberRegistration.Conflict.username) == .refused(.usernameAlreadyExists))
        #expect(composr(PushRegistrations.MalformedToken(platform: .ios)) == .refused(.invalidAPNsToken))
        #expect(composr(PushRegistrations.MalformedToken(platform: .android)) == .refused(.invalidFCMToken))
        #expect(
            composr(PushRegistrations.TooManyNewTokens(retryAfterSeconds: 61))
                == EndpointError(status: 200, message: .pushDevicesThrottled, arguments: ["2"], headers: ["Retry-After": "61"]))
        #expect(composr(DuplicateValue(.groupName, "Editors")) == .refused(.alreadyExists, "Editors"))
        #expect(composr(AccountFailure.serverBusy) == EndpointError(status: 200, message: .serverBusy, headers: ["Retry-After": "1"]))
    }
}
