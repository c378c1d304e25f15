import Foundation
import NIOSSL

/// A throwaway self-signed certificate for `localhost`, made with the `openssl` command, for TLS
/// servers in tests.
package struct TestCertificate {
    package let certificatePath: String
    package let keyPath: String

    package static func make() throws -> TestCertificate {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("endpoint-cert-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let certificate = TestCertificate(
            certificatePath: folder.appendingPathComponent("cert.pem").path, keyPath: folder.appendingPathComponent("key.pem").path
        )
        _ = try Subprocess.openssl([
            "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1",
            "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost",
            "-keyout", certificate.keyPath, "-out", certificate.certificatePath,
        ])
        return certificate
    }

    /// A TLS server context presenting this certificate.
    package func serverContext() throws -> NIOSSLContext {
        try NIOSSLContext(
            configuration: .makeServerConfiguration(
                certificateChain: [.certificate(try NIOSSLCertificate(file: self.certificatePath, format: .pem))],
                privateKey: .privateKey(try NIOSSLPrivateKey(file: self.keyPath, format: .pem))
            ))
    }
}
