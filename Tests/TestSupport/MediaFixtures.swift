import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore

/// Images sent and fetched as an administrator's script and an app do.
extension CommandrClient {
    /// REST style: `POST /var/media/<name>` with the bytes as the body.
    package func upload(_ bytes: [UInt8], as name: String, method: HTTPRequest.Method = .post) async throws -> DecodedEnvelope {
        var headers = self.headers
        headers[.contentType] = "application/octet-stream"
        return try await self.client.execute(
            uri: "/data/endpoint.php/content/commandr_fs/var/media/\(name)", method: method, headers: headers, body: ByteBuffer(bytes: bytes)
        ) { try DecodedEnvelope($0) }
    }

    /// As the iOS SDK sends a file: a multipart form with the bytes as the `data` file part, and
    /// `properties` (JSON) as a `data` text field.
    package func uploadMultipart(_ bytes: [UInt8], as name: String, properties: String? = nil) async throws -> DecodedEnvelope {
        let boundary = "Boundary-\(UUID().uuidString)"
        var body = ByteBuffer()
        if let properties {
            body.writeString("--\(boundary)\r\nContent-Disposition: form-data; name=\"data\"\r\n\r\n\(properties)\r\n")
        }
        body.writeString(
            "--\(boundary)\r\nContent-Disposition: form-data; name=\"data\"; filename=\"\(name)\"\r\nContent-Type: application/octet-stream\r\n\r\n")
        body.writeBytes(bytes)
        body.writeString("\r\n--\(boundary)--\r\n")
        var headers = self.headers
        headers[.contentType] = "multipart/form-data; boundary=\(boundary)"
        return try await self.client.execute(
            uri: "/data/endpoint.php?hook_type=content&hook=commandr_fs&type=add&id=var/media/\(name)", method: .post, headers: headers, body: body
        ) { try DecodedEnvelope($0) }
    }
}

/// An image as an app receives it.
package struct FetchedImage: Sendable {
    package let status: HTTPResponse.Status
    package let headers: HTTPFields
    package let bytes: [UInt8]
}

extension TestClientProtocol {
    /// GETs `url` (absolute or site-relative) with `headers`.
    package func image(_ url: String, headers: HTTPFields = [:]) async throws -> FetchedImage {
        let path = url.range(of: "/media/").map { String(url[$0.lowerBound...]) } ?? url
        return try await self.execute(uri: path, method: .get, headers: headers) { response in
            FetchedImage(status: response.status, headers: response.headers, bytes: Array(response.body.readableBytesView))
        }
    }
}
