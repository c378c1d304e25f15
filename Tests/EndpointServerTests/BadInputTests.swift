import Auth
import EndpointCore
import Foundation
import HTTPTypes
import Hooks
import HummingbirdTesting
import NIOCore
import SQLKit
import TestSupport
import Testing

/// Hostile and broken input gets a clear envelope, never a crash, a hang or a partial write.
@Suite struct BadInputTests {
    @Test func sqlMetacharactersAndHugeValuesAreJustWrongCredentials() async throws {
        try await TestServer.run { client, services in
            try await AccountFixtures.member("alice", services: services)
            for username in ["' OR 1=1 --", "alice' --", "\"; DROP TABLE members; --", String(repeating: "a", count: 100_000), "ali\u{0}ce"] {
                let answer = try await client.login(username, "' OR '1'='1")
                #expect(answer.status == .ok)
                #expect(answer.errorDetails == "Incorrect login or password, try again.")
            }
            #expect(try await client.login("alice").success == true, "the members table is intact")
        }
    }

    @Test func brokenMultipartBodiesAreRefused() async throws {
        try await TestServer.run { client, _ in
            let uri = "/data/endpoint.php?hook_type=misc&hook=echo"
            let noBoundary = try await client.envelope(
                uri, method: .post, headers: [.contentType: "multipart/form-data"], body: "--x\r\n\r\n"
            )
            #expect(noBoundary.status == .badRequest)
            #expect(noBoundary.errorDetails == "The request body could not be read as multipart/form-data.")

            let garbage = try await client.envelope(
                uri, method: .post, headers: [.contentType: "multipart/form-data; boundary=abc"], body: "this is not multipart at all"
            )
            #expect(garbage.status == .badRequest)

            var invalidUTF8 = ByteBuffer(string: "--abc\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\n")
            invalidUTF8.writeBytes([0xC3, 0x28, 0xFF])
            invalidUTF8.writeString("\r\n--abc--\r\n")
            try await client.execute(
                uri: uri, method: .post, headers: [.contentType: "multipart/form-data; boundary=abc"], body: invalidUTF8
            ) { response in
                let answer = try DecodedEnvelope(response)
                #expect(answer.status == .badRequest)
                #expect(answer.errorDetails == "The request contains text that is not valid UTF-8 or not properly percent-encoded.")
            }
        }
    }

    /// Found by fuzzing: multipart-kit 4.7.1 indexed a 128-entry table with each header-name byte, so
    /// this one unauthenticated request ended the whole server process.
    @Test func aMultipartHeaderNameByteAbove127IsA400NotACrash() async throws {
        try await TestServer.run { client, _ in
            var body = ByteBuffer(string: "--abc\r\nCont")
            body.writeBytes([0x95])
            body.writeString("ent-Disposition: form-data; name=\"a\"\r\n\r\nb\r\n--abc--\r\n")
            try await client.execute(
                uri: "/data/endpoint.php?hook_type=misc&hook=contact_us", method: .post,
                headers: [.contentType: "multipart/form-data; boundary=abc"], body: body
            ) { response in
                let answer = try DecodedEnvelope(response)
                #expect(answer.status == .badRequest)
                #expect(answer.errorDetails == "The request body could not be read as multipart/form-data.")
            }
            #expect(try await client.envelope("/data/endpoint.php?hook_type=misc&hook=echo").success == true, "the server still answers")
        }
    }

    @Test func invalidUTF8InARawBodyIsRefused() async throws {
        try await TestServer.run { client, _ in
            var body = ByteBuffer()
            body.writeBytes([0x7B, 0xFF, 0xFE, 0x7D])
            try await client.execute(uri: "/data/endpoint.php/misc/echo/x", method: .put, body: body) { response in
                let answer = try DecodedEnvelope(response)
                #expect(answer.status == .badRequest)
                #expect(answer.success == false)
            }
        }
    }
}
