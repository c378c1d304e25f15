import EndpointCore
import Foundation
import HTTPTypes
import Hooks
import HummingbirdTesting
import TestSupport
import Testing

/// Both URL styles reach the same hook with the right type and id (reference §1).
@Suite struct DispatchTests {
    @Test func bothStylesReachTheSameHook() async throws {
        try await TestServer.run { client, _ in
            let rest = try await client.envelope("/data/endpoint.php/misc/echo/42")
            let query = try await client.envelope("/data/endpoint.php?hook_type=misc&hook=echo&type=view&id=42")
            for answer in [rest, query] {
                #expect(answer.status == .ok)
                #expect(answer.success == true)
                #expect(answer.data["hook_type"] as? String == "misc")
                #expect(answer.data["hook"] as? String == "echo")
                #expect(answer.data["type"] as? String == "view")
                #expect(answer.data["id"] as? String == "42")
            }
        }
    }

    @Test func queryStyleWithoutTypeHasNoType() async throws {
        try await TestServer.run { client, _ in
            let answer = try await client.envelope("/data/endpoint.php?hook_type=misc&hook=echo", method: .post)
            #expect(answer.success == true)
            #expect(answer.data["type"] is NSNull)
            #expect(answer.data["id"] is NSNull)
        }
    }

    @Test(arguments: [
        (HTTPRequest.Method.get, "view"), (.head, "view"), (.post, "add"), (.put, "edit"), (.delete, "delete"), (.patch, "view"),
    ])
    func methodGivesTypeInRestStyle(method: HTTPRequest.Method, type: String) async throws {
        try await TestServer.run { client, _ in
            try await client.execute(uri: "/data/endpoint.php/misc/echo", method: method) { response in
                #expect(response.status == .ok)
                if method != .head {
                    let answer = try DecodedEnvelope(response)
                    #expect(answer.data["type"] as? String == type)
                }
            }
        }
    }

    @Test func queryOverridesPathAndMethod() async throws {
        try await TestServer.run { client, _ in
            let answer = try await client.envelope(
                "/data/endpoint.php/account/login/5?hook_type=misc&hook=echo&type=search&id=7", method: .put
            )
            #expect(answer.success == true)
            #expect(answer.data["hook_type"] as? String == "misc")
            #expect(answer.data["hook"] as? String == "echo")
            #expect(answer.data["type"] as? String == "search")
            #expect(answer.data["id"] as? String == "7")
        }
    }

    @Test(
        arguments: [
            ("/misc/echo/a/b/c", "a/b/c"),
            ("/misc/echo//var/x", "var/x"),
            ("/misc/echo/", nil),
            ("/misc/echo-foo", nil),
            ("/misc/echo.json", nil),
            ("/misc/echo/%2E%2E/etc", "../etc"),
            ("/misc/echo/caf%C3%A9", "café"),
        ] as [(String, String?)])
    func pathParsingFollowsComposr(path: String, id: String?) async throws {
        try await TestServer.run { client, _ in
            let answer = try await client.envelope("/data/endpoint.php" + path)
            #expect(answer.success == true, "\(path): \(answer.raw)")
            #expect(answer.data["hook"] as? String == "echo")
            #expect(answer.data["id"] as? String == id, "\(path)")
        }
    }

    @Test(arguments: ["/misc", "/misc//echo", "/-x", "/misc/-echo"])
    func pathWithoutHookIsAMissingParameter(path: String) async throws {
        try await TestServer.run { client, _ in
            let answer = try await client.envelope("/data/endpoint.php" + path)
            #expect(answer.status == .badRequest)
            #expect(answer.success == false)
            let expected = path == "/-x" ? "A critical parameter, hook_type, was missing." : "A critical parameter, hook, was missing."
            #expect(answer.errorDetails == expected)
        }
    }

    @Test func missingHookTypeInQueryStyle() async throws {
        try await TestServer.run { client, _ in
            let answer = try await client.envelope("/data/endpoint.php?hook=login")
            #expect(answer.status == .badRequest)
            #expect(answer.errorDetails == "A critical parameter, hook_type, was missing.")
            let empty = try await client.envelope("/data/endpoint.php?hook_type=&hook=login")
            #expect(empty.errorDetails == "A critical parameter, hook_type, was missing.")
        }
    }

    @Test(arguments: [
        "hook_type=acc.ount&hook=login", "hook_type=account&hook=..%2Flogin", "hook_type=account&hook=log%00in", "hook_type=misc&hook=ec%C3%A9ho",
    ])
    func hookNamesMustBePlainWords(query: String) async throws {
        try await TestServer.run { client, _ in
            let answer = try await client.envelope("/data/endpoint.php?" + query)
            #expect(answer.status == .badRequest)
            #expect(answer.success == false)
            #expect(answer.errorDetails == "The hook type and hook name may only contain letters, digits and underscores.")
        }
    }

    @Test func oneHookCanAnswerUnderSeveralKeys() async throws {
        var registry = HookRegistry()
        registry.register(EchoHook(), as: HookKey("misc", "contact"), HookKey("account", "contact"))
        try await TestServer.run(registry: registry) { client, _ in
            for hookType in ["misc", "account"] {
                let answer = try await client.envelope("/data/endpoint.php/\(hookType)/contact")
                #expect(answer.success == true)
                #expect(answer.data["hook_type"] as? String == hookType)
            }
            #expect(try await client.envelope("/data/endpoint.php/misc/echo").success == false)
        }
    }

    @Test func unknownHookIsABusinessError() async throws {
        try await TestServer.run { client, _ in
            let answer = try await client.envelope("/data/endpoint.php?hook_type=misc&hook=nothing_here")
            #expect(answer.status == .ok)
            #expect(answer.success == false)
            #expect(answer.errorDetails == "There is no API hook \u{2018}misc/nothing_here\u{2019} on this server.")
        }
    }

    @Test func nonJSONResponseTypeIsRefusedBeforeAnyHookRuns() async throws {
        try await TestServer.run { client, _ in
            let answer = try await client.envelope("/data/endpoint.php?hook_type=misc&hook=nothing_here&response_type=xml")
            #expect(answer.status == .badRequest)
            #expect(answer.errorDetails == "Only supported output type is JSON.")
            let json = try await client.envelope("/data/endpoint.php/misc/echo?response_type=json")
            #expect(json.success == true)
        }
    }

    @Test func otherPathsAreNotTheEndpoint() async throws {
        try await TestServer.run { client, _ in
            try await client.execute(uri: "/data/endpoint.phpx/misc/echo", method: .get) { response in
                #expect(response.status == .notFound)
            }
        }
    }
}
