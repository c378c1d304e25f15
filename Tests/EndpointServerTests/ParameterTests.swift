import EndpointCore
import EndpointServer
import Hooks
import HummingbirdTesting
import TestSupport
import Testing

/// Form fields from urlencoded and multipart bodies, the query string, and the raw body as `data`.
@Suite struct ParameterTests {
    @Test func urlencodedFieldsArrive() async throws {
        try await TestServer.run { client, _ in
            let answer = try await client.postForm(
                "/data/endpoint.php?hook_type=misc&hook=echo",
                [("title", "Héllo wörld & co"), ("empty", ""), ("symbols", "a+b=c%d")]
            )
            let post = answer.data["post"] as? [String: String]
            #expect(post == ["title": "Héllo wörld & co", "empty": "", "symbols": "a+b=c%d"])
        }
    }

    @Test func multipartFieldsArrive() async throws {
        try await TestServer.run { client, _ in
            let answer = try await client.postMultipart(
                "/data/endpoint.php?hook_type=misc&hook=echo",
                [("title", "Héllo\r\nwörld"), ("category", "General")]
            )
            #expect(answer.success == true, "\(answer.raw)")
            let post = answer.data["post"] as? [String: String]
            #expect(post == ["title": "Héllo\r\nwörld", "category": "General"])
        }
    }

    /// What real clients put around the fields: a preamble, transport padding after a delimiter,
    /// header names in any case, quoted names with escapes, a file part (skipped), an epilogue.
    @Test func multipartAsClientsWriteIt() async throws {
        try await TestServer.run { client, _ in
            let body =
                "preamble\r\n--b1 \r\ncontent-disposition: FORM-DATA; name=\"say \\\"hi\\\"\"\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n"
                + "x;y\r\n--b1\r\nContent-Disposition: form-data; name=\"upload\"; filename=\"a.txt\"\r\n\r\nfile\r\n"
                + "--b1\r\nContent-Disposition: form-data; name=empty\r\n\r\n\r\n--b1--\r\nepilogue"
            let answer = try await client.envelope(
                "/data/endpoint.php?hook_type=misc&hook=echo", method: .post,
                headers: [.contentType: "multipart/form-data; boundary=\"b1\""], body: body
            )
            #expect(answer.success == true, "\(answer.raw)")
            #expect(answer.data["post"] as? [String: String] == ["say \"hi\"": "x;y", "empty": ""])

            let noFields = try await client.envelope(
                "/data/endpoint.php?hook_type=misc&hook=echo", method: .post,
                headers: [.contentType: "multipart/form-data; boundary=b1"], body: "--b1--\r\n"
            )
            #expect(noFields.success == true, "a form without fields is no error: \(noFields.raw)")
        }
    }

    @Test func secretsAreNotEchoed() async throws {
        try await TestServer.run { client, _ in
            let answer = try await client.postForm("/data/endpoint.php?hook_type=misc&hook=echo", [("password", "hunter22")])
            #expect(!answer.raw.contains("hunter22"))
        }
    }

    @Test func duplicateParametersAreRefused() async throws {
        try await TestServer.run { client, _ in
            let inBody = try await client.envelope(
                "/data/endpoint.php?hook_type=misc&hook=echo", method: .post,
                headers: [.contentType: "application/x-www-form-urlencoded"], body: "a=1&a=2"
            )
            #expect(inBody.status == .badRequest)
            #expect(inBody.errorDetails == "The parameter \u{2018}a\u{2019} was sent more than once; send it once.")
            let inQuery = try await client.envelope("/data/endpoint.php?hook_type=misc&hook=echo&hook=login")
            #expect(inQuery.status == .badRequest)
        }
    }

    @Test(arguments: ["title=%FF%FE", "title=%E2%82", "title=%G1", "title=abc%"])
    func invalidEncodingIsRefused(body: String) async throws {
        try await TestServer.run { client, _ in
            let answer = try await client.envelope(
                "/data/endpoint.php?hook_type=misc&hook=echo", method: .post,
                headers: [.contentType: "application/x-www-form-urlencoded"], body: body
            )
            #expect(answer.status == .badRequest)
            #expect(answer.errorDetails == "The request contains text that is not valid UTF-8 or not properly percent-encoded.")
        }
    }

    @Test func rawBodyBecomesDataInRestStyle() async throws {
        try await TestServer.run { client, _ in
            let json = #"{"title":"x/y"}"#
            let put = try await client.envelope(
                "/data/endpoint.php/misc/echo/file.cms", method: .put, headers: [.contentType: "application/json"], body: json
            )
            #expect((put.data["post"] as? [String: String])?["data"] == json)

            let queryStyle = try await client.envelope(
                "/data/endpoint.php?hook_type=misc&hook=echo", method: .put, headers: [.contentType: "application/json"], body: json
            )
            #expect((queryStyle.data["post"] as? [String: String])?["data"] == nil)

            let form = try await client.postForm("/data/endpoint.php/misc/echo", [("title", "t")])
            #expect((form.data["post"] as? [String: String]) == ["title": "t"])

            let labelledForm = try await client.envelope(
                "/data/endpoint.php/misc/echo/x", method: .put, headers: [.contentType: "application/x-www-form-urlencoded"], body: "12"
            )
            #expect((labelledForm.data["post"] as? [String: String]) == ["data": "12"], "PHP parses only POST bodies as forms")
        }
    }

    @Test func oversizedBodyIsRefusedWith413() async throws {
        var settings = ServerSettings()
        settings.maximumBodyBytes = 1024
        try await TestServer.run(settings: settings) { client, _ in
            let answer = try await client.envelope(
                "/data/endpoint.php/misc/echo", method: .put, body: String(repeating: "x", count: 5000)
            )
            #expect(answer.status == .contentTooLarge)
            #expect(answer.success == false)
            #expect(answer.errorDetails == "The request is too large; the limit is 1024 bytes.")
            let small = try await client.envelope("/data/endpoint.php/misc/echo", method: .put, body: String(repeating: "x", count: 1000))
            #expect(small.success == true)
        }
    }
}
