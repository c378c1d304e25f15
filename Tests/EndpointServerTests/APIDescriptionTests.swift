import EndpointCore
import EndpointServer
import Foundation
import TestSupport
import Testing

/// The API description (`Sources/EndpointServer/OpenAPI/openapi.json`) and the hooks the server offers
/// agree both ways: a hook registered and not described (or the reverse), a parameter a hook reads
/// and the description leaves out (or the reverse), or a hook operation whose answer has no
/// `response_data` schema fails here. Whether the answers match those schemas is schemathesis' part
/// (`OpenAPIProcessTests`).
@Suite struct APIDescriptionTests {
    static let prefix = "/data/endpoint.php/"
    /// Read by the server for every hook, described once on `/data/endpoint.php`, never a hook's own.
    static let serverParameters: Set<String> = ["hook_type", "hook", "type", "id", "response_type", "keep_lang"]

    static func document() throws -> [String: Any] {
        let file = TestDatabase.repositoryRoot.appendingPathComponent("Sources/EndpointServer/OpenAPI/openapi.json")
        return try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
    }

    /// Each hook's described operations, by `hook_type/hook`.
    static func operations(_ document: [String: Any]) throws -> [String: [[String: Any]]] {
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        var operations: [String: [[String: Any]]] = [:]
        for (path, item) in paths where path.hasPrefix(Self.prefix) {
            let parts = path.dropFirst(Self.prefix.count).split(separator: "/")
            guard parts.count >= 2 else { continue }
            for method in ["get", "post", "put", "delete"] {
                if let operation = item[method] as? [String: Any] { operations["\(parts[0])/\(parts[1])", default: []].append(operation) }
            }
        }
        return operations
    }

    /// `#/components/parameters/X` and the like, resolved.
    static func resolved(_ value: Any?, in document: [String: Any]) -> [String: Any]? {
        guard let object = value as? [String: Any] else { return nil }
        guard let reference = object["$ref"] as? String else { return object }
        var node: Any? = document
        for part in reference.dropFirst(2).split(separator: "/") { node = (node as? [String: Any])?[String(part)] }
        return Self.resolved(node, in: document)
    }

    /// The parameters an operation describes for its hook: query fields and form fields by name, and
    /// `data` for a body that is not a form (REST style hands it to the hook as `data`).
    static func parameters(of operation: [String: Any], in document: [String: Any]) -> Set<String> {
        var names = Set<String>()
        for parameter in operation["parameters"] as? [Any] ?? [] {
            guard let parameter = Self.resolved(parameter, in: document), parameter["in"] as? String == "query",
                let name = parameter["name"] as? String, !Self.serverParameters.contains(name)
            else { continue }
            names.insert(name)
        }
        let content = (Self.resolved(operation["requestBody"], in: document)?["content"] as? [String: Any]) ?? [:]
        for (type, media) in content {
            if type == "application/x-www-form-urlencoded" || type == "multipart/form-data" {
                let schema = Self.resolved((media as? [String: Any])?["schema"], in: document)
                names.formUnion(((schema?["properties"] as? [String: Any]) ?? [:]).keys)
            } else {
                names.insert("data")
            }
        }
        return names
    }

    @Test func everyRegisteredHookIsDescribedAndEveryDescribedHookIsRegistered() async throws {
        let described = Set(try Self.operations(try Self.document()).keys)
        try await TestServer.run { _, site in
            let registered = Set(HookRegistry.standard(site).keys.map(\.description))
            #expect(registered.subtracting(described).sorted() == [], "registered, not described")
            #expect(described.subtracting(registered).sorted() == [], "described, not registered")
        }
    }

    /// A hook's `parameterNames` (which debug builds hold its reads to) are exactly the parameters
    /// its operations describe.
    @Test func everyHookDescribesExactlyTheParametersItReads() async throws {
        let document = try Self.document()
        let describedByHook = try Self.operations(document).mapValues { operations in
            operations.reduce(into: Set<String>()) { $0.formUnion(Self.parameters(of: $1, in: document)) }
        }
        try await TestServer.run { _, site in
            let registry = HookRegistry.standard(site)
            for key in registry.keys {
                let declared = try #require(registry.hook(for: key)).parameterNames
                let described = describedByHook[key.description] ?? []
                #expect(declared.subtracting(described).sorted() == [], "\(key) reads these, the description leaves them out")
                #expect(described.subtracting(declared).sorted() == [], "\(key) is described with these, which it does not read")
            }
        }
    }

    /// Every operation of a hook answers with a schema for its `response_data` (an envelope whose
    /// success carries one), a Floki document (news or gallery) or an event stream, never the bare
    /// envelope.
    @Test func everyHookOperationHasAnAnswerSchema() throws {
        let document = try Self.document()
        for (hook, operations) in try Self.operations(document) {
            for operation in operations {
                let responses = try #require(operation["responses"] as? [String: Any])
                let answer = try #require(Self.resolved(responses["200"], in: document), "\(hook): no 200")
                let content = answer["content"] as? [String: Any] ?? [:]
                // A stream (content/news live) is not JSON at all.
                if content.keys.sorted() == ["text/event-stream"] { continue }
                let schema = (content["application/json"] as? [String: Any])?["schema"]
                let text = String(decoding: try JSONSerialization.data(withJSONObject: schema ?? [:]), as: UTF8.self)
                let id = operation["operationId"] as? String ?? hook
                #expect(
                    text.contains("response_data") || text.contains("FlokiDocument") || text.contains("FlokiGalleryDocument"),
                    "\(id) answers without a response_data schema")
            }
        }
    }
}
