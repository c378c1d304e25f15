import EndpointCore
import Foundation
import Testing

/// What a hook sees, without a server or a database: parameters with Composr's reading rules, JSON
/// values, and the registry.
@Suite struct HookVocabularyTests {
    @Suite struct Parameters {
        @Test func queryWinsOverBodyForEitherParameters() {
            let parameters = RequestParameters(post: ["member": "3"], query: ["member": "5"])
            #expect(parameters.optionalEither("member") == "5")
            #expect(parameters.optionalPost("member") == "3")
        }

        @Test func integerParametersFollowComposr() throws {
            let parameters = RequestParameters(post: ["a": "12abc", "b": "x1", "c": "", "d": "99999999999"], query: [:])
            #expect(try parameters.optionalInteger("a") == 12)
            #expect(throws: EndpointError.badRequest(.notInteger)) { try parameters.optionalInteger("b") }
            #expect(try parameters.optionalInteger("c") == nil)
            #expect(throws: EndpointError.badRequest(.notInteger)) { try parameters.optionalInteger("d") }
            #expect(throws: EndpointError.badRequest(.improperlyFilledIn)) { try parameters.requiredInteger("missing") }
            #expect(throws: EndpointError.badRequest(.shouldHaveBeenPosted, "x")) {
                try RequestParameters(post: [:], query: [:]).requiredPost("x")
            }
            #expect(throws: EndpointError.badRequest(.noParameterSent, "device")) {
                try RequestParameters(post: [:], query: [:]).requiredEither("device")
            }
        }
    }

    @Suite struct JSON {
        @Test func serializerEscapesWhatJSONRequires() {
            let value: JSONValue = ["a\"b": "line\nbreak\u{01}\u{2028}\\", "list": [1, true, nil, "é"]]
            #expect(value.serialized == #"{"a\"b":"line\nbreak\u0001\u2028\\","list":[1,true,null,"é"]}"#)
        }

        @Test func longTextsComeBackAsThemselves() throws {
            // Runs of ordinary text between every kind of escape, and bytes that only begin one
            // (E2 of "€", not of U+2028): what a long body's fast path copies whole.
            let pieces = ["plain words ", "\"", "\\", "\n", "\r", "\t", "\u{1F}", "\u{2028}", "\u{2029}", "€", "é", "😀", "<&>"]
            let text = (0..<2_000).map { pieces[$0 * 7 % pieces.count] }.joined()
            let serialized = JSONValue.object([("text", .string(text))]).serialized
            #expect(serialized.contains(#"\u2029"#) && serialized.contains("€") && !serialized.contains("\u{2028}"))
            let decoded = try JSONDecoder().decode([String: String].self, from: Data(serialized.utf8))
            #expect(decoded == ["text": text])
        }

        @Test func objectsKeepTheirKeyOrder() {
            let value: JSONValue = ["success": true, "error_details": nil, "response_data": [:]]
            #expect(value.serialized == #"{"success":true,"error_details":null,"response_data":{}}"#)
        }

        @Test func parsingKeepsWholeNumbersAndTurnsFractionsIntoText() {
            let parsed = JSONValue(parsing: #"{"b": 2, "a": [1.5, "x", false, null]}"#)
            #expect(parsed == ["a": ["1.5", "x", false, nil], "b": 2])
            #expect(parsed?["b"] == 2)
            #expect(JSONValue(parsing: "{not json") == nil)
        }
    }

    @Test func oneHookAnswersUnderEveryKeyItIsRegisteredWith() async throws {
        struct Fixed: Hook {
            var parameterNames: Set<String> { [] }
            func run(_ request: HookRequest) async throws -> HookResponse { HookResponse(data: "fixed") }
        }
        var registry = HookRegistry()
        registry.register(Fixed(), as: HookKey("misc", "contact"), HookKey("account", "contact"))
        #expect(registry.hook(for: HookKey("misc", "contact")) != nil)
        #expect(registry.hook(for: HookKey("account", "contact")) != nil)
        #expect(registry.hook(for: HookKey("misc", "echo")) == nil)
    }
}
