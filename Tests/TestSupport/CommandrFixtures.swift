import EndpointCore
import Foundation
import HTTPTypes
import Hooks
import HummingbirdTesting
import NIOCore

/// Requests to `content/commandr_fs` in both styles, as an administrator's script sends them.
package struct CommandrClient {
    package let client: any TestClientProtocol
    package let headers: HTTPFields

    package init(client: any TestClientProtocol, headers: HTTPFields) {
        self.client = client
        self.headers = headers
    }

    /// GET-parameter style: `?hook_type=content&hook=commandr_fs&type=…&id=…`, `data` as a form field.
    package func query(_ type: String?, _ id: String, data: String? = nil, headers extra: HTTPFields = [:]) async throws -> DecodedEnvelope {
        var uri = "/data/endpoint.php?hook_type=content&hook=commandr_fs&id=\(FormEncoding.encode(id))"
        if let type { uri += "&type=\(type)" }
        let headers = self.headers.merging(extra)
        if let data { return try await self.client.postForm(uri, [("data", data)], headers: headers) }
        return try await self.client.envelope(uri, headers: headers)
    }

    /// REST style: the method gives the type, the path the id, a raw body the `data`.
    package func rest(_ method: HTTPRequest.Method, _ id: String, body: String? = nil, headers extra: HTTPFields = [:]) async throws -> DecodedEnvelope {
        let path = id.split(separator: "/").map { FormEncoding.encode(String($0)).replacingOccurrences(of: "+", with: "%20") }.joined(separator: "/")
        var headers = self.headers.merging(extra)
        if body != nil { headers[.contentType] = "application/json" }
        return try await self.client.envelope("/data/endpoint.php/content/commandr_fs/\(path)", method: method, headers: headers, body: body)
    }

    package func read(_ id: String) async throws -> [String: Any] {
        let answer = try await self.query("view", id)
        guard answer.success == true, let object = answer.json["response_data"] as? [String: Any] else {
            throw TestFailure("could not read \(id): \(answer.raw)")
        }
        return object
    }

    /// The names in a listing's directory half and file half.
    package func list(_ id: String) async throws -> (directories: [String], files: [String]) {
        let answer = try await self.query("view", id)
        guard let halves = answer.json["response_data"] as? [Any], halves.count == 2,
            let directories = halves[0] as? [String: Any], let files = halves[1] as? [String: Any]
        else { throw TestFailure("not a listing: \(answer.raw)") }
        return (directories.keys.sorted(), files.keys.sorted())
    }
}

extension HTTPFields {
    package func merging(_ other: HTTPFields) -> HTTPFields {
        var merged = self
        for field in other { merged[field.name] = field.value }
        return merged
    }
}

extension JSONValue {
    /// Builds the JSON text of a property object for a request body.
    package static func json(_ pairs: KeyValuePairs<String, Any>) -> String {
        let object = Dictionary(pairs.map { ($0.key, $0.value) }, uniquingKeysWith: { $1 })
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}
