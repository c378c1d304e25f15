import EndpointCore
import HTTPTypes
import Messages
import NIOCore
import Routes
import Testing

@testable import EndpointServer

/// The pure parts of reading a request: the target of both URL styles, form and cookie decoding, the
/// client's address and the cross-site check (no server, no database).
@Suite struct RequestDecodingTests {
    @Suite struct Targets {
        @Test(
            arguments: [
                ("/account/login", "GET", "account", "login", "view", nil),
                ("/content/commandr_fs/var/news/x.cms", "PUT", "content", "commandr_fs", "edit", "var/news/x.cms"),
                ("/misc/echo//var/x", "DELETE", "misc", "echo", "delete", "var/x"),
                ("/misc/echo/", "POST", "misc", "echo", "add", nil),
                ("/misc/echo-foo", "PATCH", "misc", "echo", "view", nil),
                ("/misc", "GET", "misc", nil, "view", nil),
                ("/misc/echo//\u{0301}x", "GET", "misc", "echo", "view", "\u{0301}x"),
                ("/misc/echo/x\ny", "GET", "misc", "echo", "view", "x"),
            ] as [(String, String, String?, String?, String?, String?)])
        func restPathsFollowComposr(path: String, method: String, hookType: String?, hook: String?, type: String?, id: String?) {
            let target = DispatchTarget(pathInfo: path, method: method, query: [:])
            #expect(target.hookType == hookType)
            #expect(target.hook == hook)
            #expect(target.type == type)
            #expect(target.id == id)
        }

        @Test func queryParametersWinOverPathAndMethod() {
            let target = DispatchTarget(
                pathInfo: "/account/login/5", method: "PUT",
                query: ["hook_type": "misc", "hook": "echo", "type": "search", "id": "7", "response_type": "xml"]
            )
            #expect(
                target
                    == DispatchTarget(
                        pathInfo: "", method: "GET",
                        query: [
                            "hook_type": "misc", "hook": "echo", "type": "search", "id": "7", "response_type": "xml",
                        ]))
            #expect(target.responseType == "xml")
        }

        @Test func queryStyleHasNoTypeUnlessGiven() {
            #expect(DispatchTarget(pathInfo: "", method: "POST", query: ["hook_type": "misc", "hook": "echo"]).type == nil)
        }

        @Test(arguments: [("login", true), ("setup_push_notifications", true), ("acc.ount", false), ("", false), ("café", false)])
        func hookNamesAreWords(name: String, isWord: Bool) {
            #expect(DispatchTarget.isWord(name) == isWord)
        }
    }

    @Suite struct Forms {
        @Test func urlencodedPairsDecodeAsBrowsersEncode() throws {
            let pairs = try FormURLEncoding.decode("a=1&title=H%C3%A9llo+w%C3%B6rld&empty=&flag&=skipped&&x=a%2Bb%3Dc".utf8)
            #expect(pairs.map(\.name) == ["a", "title", "empty", "flag", "x"])
            #expect(pairs.map(\.value) == ["1", "Héllo wörld", "", "", "a+b=c"])
        }

        /// With and without a `+` before them (a text with a space is decoded without first looking
        /// for a `%`).
        @Test(arguments: ["%FF%FE", "%E2%82", "%G1", "abc%", "%4", "a+%FF%FE", "one+%E2%82", "x+%G1", "a+abc%", "a+%4"])
        func malformedEscapesAreRefused(text: String) {
            #expect(throws: Refusal.malformed(.invalidEncoding)) { try FormURLEncoding.decode("title=\(text)".utf8) }
        }

        @Test func invalidUTF8IsRefusedWithSpacesToo() throws {
            #expect(throws: Refusal.malformed(.invalidEncoding)) { try FormURLEncoding.table([UInt8]("title=a+b".utf8) + [0xFF, 0x41]) }
            #expect(try FormURLEncoding.table([UInt8]("title=a+".utf8) + [0xC3, 0xA9]) == ["title": "a é"])
        }

        @Test func plusIsASpaceOnlyInForms() throws {
            #expect(try FormURLEncoding.decodeComponent("a+b".utf8, plusIsSpace: false) == "a+b")
            #expect(try FormURLEncoding.decodeComponent("a+b".utf8) == "a b")
        }

        @Test func duplicateFieldsAreRefused() {
            #expect(throws: Refusal.malformed(.duplicateParameter, "a")) {
                try ParameterFields.table([("a", "1"), ("b", "2"), ("a", "3")])
            }
        }

        /// Every query string and form body is read in one pass into its table; it must answer as the
        /// pairs then their table did, refusals included.
        @Test(arguments: [
            "device_auth_member_id_vl=2&device_auth_pass_hashed_vl=abc&token=t", "a=1&title=H%C3%A9llo+w%C3%B6rld&empty=&flag&=skipped&&x=a%2Bb%3Dc",
            "caf\u{E9}=cr\u{E8}me+br%C3%BBl%C3%A9e", "a=1&b=2&a=3", "a=1&a=2&title=%FF", "a=1&title=%G1&a=2", "", "&&=",
        ])
        func oneTableAnswersAsThePairsAndTheirTable(form: String) {
            let pairs = Result { () throws(Refusal) in try ParameterFields.table(FormURLEncoding.decode(form.utf8)) }
            let table = Result { () throws(Refusal) in try FormURLEncoding.table(form.utf8) }
            #expect(table == pairs)
            #expect(Result { () throws(Refusal) in try FormURLEncoding.table(ByteBuffer(string: form)) } == pairs)
        }

        @Test func aRepeatedNameIsToldOnlyOnceTheWholeFormDecoded() {
            #expect(throws: Refusal.malformed(.duplicateParameter, "a")) { try FormURLEncoding.table("a=1&b=2&a=3&b=4".utf8) }
            #expect(throws: Refusal.malformed(.invalidEncoding)) { try FormURLEncoding.table("a=1&a=2&title=%E2%82".utf8) }
            #expect(throws: Refusal.malformed(.invalidEncoding)) { try FormURLEncoding.table([UInt8]("a=1&a=2&b=".utf8) + [0xFF, 0x41]) }
        }

        @Test func textOfEveryLengthIsCheckedForUTF8PastItsASCIIPrefix() throws {
            for length in 0..<20 {
                let ascii = String(repeating: "k", count: length)
                #expect(try FormURLEncoding.table("v\(ascii)=\(ascii)é".utf8) == ["v\(ascii)": "\(ascii)é"])
                #expect(throws: Refusal.malformed(.invalidEncoding)) { try FormURLEncoding.table([UInt8]("v=\(ascii)".utf8) + [0xC3]) }
            }
        }

        @Test(arguments: ["application/x-www-form-urlencoded", "Application/X-WWW-Form-URLEncoded; charset=UTF-8", "APPLICATION/X-WWW-FORM-URLENCODED"])
        func formMediaTypesAreReadIgnoringCase(contentType: String) throws {
            #expect(try RequestBody.form(ByteBuffer(string: "a=1"), contentType: contentType).fields == ["a": "1"])
        }

        @Test(arguments: ["application/x-www-form-urlencode", "application/json", "text/plain", "xapplication/x-www-form-urlencoded"])
        func otherMediaTypesAreNoForms(contentType: String) throws {
            #expect(try RequestBody.form(ByteBuffer(string: "a=1"), contentType: contentType).fields.isEmpty)
        }

        @Test func multipartBoundariesAreReadQuotedOrNot() {
            #expect(MultipartForm.boundary(in: "multipart/form-data; boundary=abc") == "abc")
            #expect(MultipartForm.boundary(in: #"multipart/form-data; charset=utf-8; Boundary="x y""#) == "x y")
            #expect(MultipartForm.boundary(in: "multipart/form-data") == nil)
            #expect(MultipartForm.boundary(in: #"multipart/form-data; boundary="""#) == nil)
            #expect(MultipartForm.boundary(in: "multipart/form-data; boundary=" + String(repeating: "b", count: 71)) == nil, "RFC 2046: 70 at most")
        }

        @Test func headerParametersKeepSemicolonsAndEscapesInsideQuotes() {
            let disposition = HeaderParameters(#"form-data; NAME="a;b "c""; filename=x.txt; name=second; junk"#)
            #expect(disposition.value == "form-data")
            #expect(disposition.parameters == ["name": #"a;b "c""#, "filename": "x.txt"])
        }
    }

    /// Every header the server reads is read with `value(of:)`, which must answer as the subscript.
    @Test func headerValuesAreJoinedAsTheSubscriptJoinsThem() throws {
        let fields: HTTPFields = [
            .contentType: "application/x-www-form-urlencoded", .xForwardedFor: "203.0.113.9", .xForwardedFor: "10.0.0.2",
            .cookie: "a=1", .cookie: "b=2", .userAgent: "",
        ]
        for name in [HTTPField.Name.contentType, .xForwardedFor, .cookie, .userAgent, .acceptLanguage] {
            #expect(fields.value(of: name) == fields[name], "\(name)")
        }
        #expect(fields.value(of: .xForwardedFor) == "203.0.113.9, 10.0.0.2")
        #expect(fields.value(of: .cookie) == "a=1; b=2")
    }

    @Suite struct Cookies {
        @Test func firstOfEachNameWinsAndValuesArePercentDecoded() {
            let cookies = CookieHeader.parse(#"cms_member_id=2; junk; cms_member_id=3; cms_member_hash="a%2Bb"; bad=%ZZ"#)
            #expect(cookies == ["cms_member_id": "2", "cms_member_hash": "a+b"])
            #expect(CookieHeader.parse(nil).isEmpty)
        }

        /// Found by fuzzing: a form feed (not trimmed as whitespace) made `\u{0C} a` a cookie name.
        @Test func namesThatAreNotTokensAreSkipped() {
            #expect(CookieHeader.parse("\u{0C} a=1; b c=2; d\u{0}=3;  e =4") == ["e": "4"])
        }
    }

    @Suite struct Origins {
        @Test func forwardedForCountsOnlyFromTrustedProxies() throws {
            let direct = ClientAddress(trustedProxies: [])
            let proxied = ClientAddress(trustedProxies: ["127.0.0.1", "10.0.0.2"].compactMap(IPNetwork.init))
            let peer = try SocketAddress(ipAddress: "127.0.0.1", port: 40_000)
            #expect(direct.resolve(peer: peer, forwardedFor: "203.0.113.9") == "127.0.0.1")
            #expect(proxied.resolve(peer: peer, forwardedFor: "198.51.100.1, 203.0.113.9, 10.0.0.2") == "203.0.113.9")
            #expect(proxied.resolve(peer: peer, forwardedFor: nil) == "127.0.0.1")
        }

        @Test func trustedProxiesAreAddressesOrBlocksWhateverFamilyTheSocketReports() throws {
            let proxies = ClientAddress(trustedProxies: ["10.0.0.0/8", "192.0.2.7", "2001:db8::/32", "::ffff:198.51.100.0/120"].compactMap(IPNetwork.init))
            #expect(proxies.trustedProxies.count == 4)
            for trusted in ["10.1.2.3", "::ffff:10.1.2.3", "192.0.2.7", "::ffff:192.0.2.7", "2001:db8:1::5", "198.51.100.9", "::ffff:198.51.100.9"] {
                #expect(proxies.isTrusted(trusted), "\(trusted)")
            }
            for untrusted in ["11.0.0.1", "192.0.2.8", "2001:db9::1", "198.51.101.1", "unknown", "::1"] {
                #expect(!proxies.isTrusted(untrusted), "\(untrusted)")
            }
            for invalid in ["example.com", "10.0.0.0/33", "10.0.0.0/", "/8", "2001:db8::/129", "10.0.0.0/8/1", "10.0.0.0/-1"] {
                #expect(IPNetwork(invalid) == nil, "\(invalid)")
            }
            let peer = try SocketAddress(ipAddress: "::ffff:10.9.8.7", port: 40_000)
            #expect(proxies.resolve(peer: peer, forwardedFor: "203.0.113.9, 10.0.0.1") == "203.0.113.9", "a mapped peer is its IPv4 address")
        }

        @Test func crossSiteOriginsAreRecognised() {
            let check = CrossSiteCheck(publicAuthority: "api.example.com")
            #expect(!check.isCrossSite(origin: "https://api.example.com", host: "internal:8080"))
            #expect(!check.isCrossSite(origin: "http://internal:8080", host: "internal:8080"))
            #expect(check.isCrossSite(origin: "https://evil.example", host: "internal:8080"))
            #expect(check.isCrossSite(origin: "null", host: "internal:8080"))
            #expect(check.isCrossSite(.init(origin: nil, fetchSite: "cross-site", host: "internal:8080")))
            #expect(check.isCrossSite(.init(origin: nil, fetchSite: "same-site", host: "internal:8080")))
            #expect(!check.isCrossSite(.init(origin: nil, fetchSite: "none", host: "internal:8080")))
            #expect(!check.isCrossSite(.init(origin: nil, fetchSite: nil, host: "internal:8080")), "no browser said anything")
            #expect(!check.isCrossSite(.init(origin: "https://api.example.com", fetchSite: "cross-site", host: "internal:8080")), "Origin decides")
        }
    }

    /// Media types in headers ignore ASCII case; an `Accept` list may name the event stream anywhere.
    @Suite struct MediaTypes {
        @Test func prefixesIgnoreCase() {
            #expect(MediaTypeText.hasPrefix("Multipart/Form-Data; boundary=x".utf8, lowercased: "multipart/form-data"))
            #expect(!MediaTypeText.hasPrefix("multipart/form".utf8, lowercased: "multipart/form-data"))
            #expect(!MediaTypeText.hasPrefix("text/plain".utf8, lowercased: "multipart/form-data"))
        }

        @Test(
            arguments: [
                ("text/event-stream", true), ("Text/Event-Stream", true), ("application/json, text/event-stream;q=0.9", true),
                ("*/*", false), ("text/event", false), ("", false),
            ])
        func eventStreamsAreRecognizedInAccept(accept: String, asks: Bool) {
            #expect(HTTPFields([HTTPField(name: .accept, value: accept)]).asksForEventStream == asks)
        }

        @Test func noAcceptAsksForNoStream() {
            #expect(!HTTPFields().asksForEventStream)
        }
    }
}
