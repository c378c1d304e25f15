import Auth
import Crypto
import EndpointServer
import Foundation
import JWTKit
import Logging
import NIOConcurrencyHelpers
import Outbox
import Push
import SQLKit
import Storage
import Text

/// Fake APNs, FCM and OAuth servers (real HTTP/2 over TLS on loopback) that check what the push
/// clients send the way the services do, and a delivery wired to them.
package final class PushServices: Sendable {
    package static let keyID = "KEY123ABCD"
    package static let teamID = "TEAM456XYZ"
    package static let topic = "com.example.app"
    package static let project = "demo-project"
    package static let clientEmail = "push@demo-project.iam.gserviceaccount.com"
    package static let accessToken = "ya29.test-access-token"

    package let certificate: TestCertificate
    package let apns: TestHTTP2Server
    package let fcm: TestHTTP2Server
    package let oauth: TestHTTP2Server
    package let ecKeyPEM: String
    package let rsaKeyPEM: String
    /// Problems the fake servers found in requests (a test fails when any).
    package let problems = NIOLockedValueBox<[String]>([])
    /// How many times each token was answered with a failure, for tokens that fail once.
    private let failures = NIOLockedValueBox<[String: Int]>([:])

    package init() async throws {
        self.certificate = try TestCertificate.make()
        self.ecKeyPEM = try Self.generateKey(["-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256"])
        self.rsaKeyPEM = try Self.generateKey(["-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048"])
        let apnsKeys = await JWTKeyCollection().add(ecdsa: try ES256PrivateKey(pem: self.ecKeyPEM).publicKey, kid: JWKIdentifier(string: Self.keyID))
        let googleKeys = await JWTKeyCollection().add(rsa: try Insecure.RSA.PrivateKey(pem: self.rsaKeyPEM).publicKey, digestAlgorithm: .sha256)
        let problems = self.problems
        let failures = self.failures
        @Sendable func failOnce(_ token: String) -> Bool {
            failures.withLockedValue { counts in
                counts[token, default: 0] += 1
                return counts[token] == 1
            }
        }

        self.apns = try TestHTTP2Server(certificate: self.certificate) { request in
            let token = String(request.path.dropFirst("/3/device/".count))
            do {
                guard request.method == "POST", request.path.hasPrefix("/3/device/"), request.httpVersion.major == 2 else {
                    throw TestFailure("not an HTTP/2 POST to /3/device/")
                }
                guard let bearer = request.header("authorization"), bearer.hasPrefix("bearer ") else { throw TestFailure("no provider token") }
                let claims = try await apnsKeys.verify(String(bearer.dropFirst(7)), as: APNsClaims.self)
                guard claims.iss.value == Self.teamID else { throw TestFailure("wrong team") }
                guard request.header("apns-topic") == Self.topic, request.header("apns-push-type") == "alert",
                    request.header("apns-priority") == "10", request.header("apns-expiration").flatMap({ Int($0) }) != nil
                else { throw TestFailure("missing or wrong apns-* headers") }
                guard let aps = request.json["aps"] as? [String: Any], aps["alert"] is [String: Any] else { throw TestFailure("no aps.alert") }
            } catch {
                problems.withLockedValue { $0.append("APNs: \(error)") }
                return (403, #"{"reason":"InvalidProviderToken"}"#)
            }
            if token.hasPrefix("dead") { return (410, #"{"reason":"Unregistered","timestamp":1700000000000}"#) }
            if token.hasPrefix("bad") { return (400, #"{"reason":"BadDeviceToken"}"#) }
            if token.hasPrefix("flaky"), failOnce(token) { return (500, #"{"reason":"InternalServerError"}"#) }
            if token.hasPrefix("busy"), failOnce(token) { return (429, #"{"reason":"TooManyRequests"}"#) }
            return (200, "")
        }

        self.oauth = try TestHTTP2Server(certificate: self.certificate) { request in
            do {
                let form = String(decoding: request.body, as: UTF8.self)
                guard form.contains("grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer"),
                    let assertion = form.split(separator: "&").first(where: { $0.hasPrefix("assertion=") })?.dropFirst(10)
                else { throw TestFailure("not a JWT-bearer grant") }
                let claims = try await googleKeys.verify(String(assertion), as: GoogleClaims.self)
                guard claims.iss.value == Self.clientEmail, claims.scope == "https://www.googleapis.com/auth/firebase.messaging",
                    claims.aud.value.first?.hasSuffix("/token") == true
                else { throw TestFailure("wrong claims") }
            } catch {
                problems.withLockedValue { $0.append("OAuth: \(error)") }
                return (400, #"{"error":"invalid_grant"}"#)
            }
            return (200, #"{"access_token":"\#(Self.accessToken)","expires_in":3599,"token_type":"Bearer"}"#)
        }

        self.fcm = try TestHTTP2Server(certificate: self.certificate) { request in
            let message = request.json["message"] as? [String: Any] ?? [:]
            let token = message["token"] as? String ?? ""
            guard request.path == "/v1/projects/\(Self.project)/messages:send", request.header("authorization") == "Bearer \(Self.accessToken)",
                message["notification"] is [String: Any], (message["data"] as? [String: Any])?["message"] is String
            else {
                problems.withLockedValue { $0.append("FCM: bad request \(request.path)") }
                return (401, #"{"error":{"code":401,"status":"UNAUTHENTICATED","message":"bad"}}"#)
            }
            if token.hasPrefix("dead") {
                return (
                    404,
                    #"{"error":{"code":404,"message":"Requested entity was not found.","status":"NOT_FOUND","details":[{"@type":"type.googleapis.com/google.firebase.fcm.v1.FcmError","errorCode":"UNREGISTERED"}]}}"#
                )
            }
            if token.hasPrefix("bad") {
                return (
                    400,
                    #"{"error":{"code":400,"message":"The registration token is not a valid FCM registration token","status":"INVALID_ARGUMENT","details":[{"@type":"type.googleapis.com/google.firebase.fcm.v1.FcmError","errorCode":"INVALID_ARGUMENT"}]}}"#
                )
            }
            if token.hasPrefix("flaky"), failOnce(token) { return (503, #"{"error":{"code":503,"status":"UNAVAILABLE","message":"later"}}"#) }
            return (200, #"{"name":"projects/\#(Self.project)/messages/1"}"#)
        }
        try await self.apns.start()
        try await self.oauth.start()
        try await self.fcm.start()
    }

    package func stop() async {
        try? await self.apns.stop()
        try? await self.oauth.stop()
        try? await self.fcm.stop()
    }

    /// The environment that configures `endpoint serve` to deliver to these servers, its key files
    /// written to `folder`.
    package func serverEnvironment(keysIn folder: URL) throws -> [String: String] {
        let keyFile = folder.appendingPathComponent("AuthKey.p8")
        let accountFile = folder.appendingPathComponent("service-account.json")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try self.ecKeyPEM.write(to: keyFile, atomically: true, encoding: .utf8)
        try self.serviceAccountJSON.write(to: accountFile, atomically: true, encoding: .utf8)
        return [
            "ENDPOINT_APNS_KEY_FILE": keyFile.path, "ENDPOINT_APNS_KEY_ID": Self.keyID, "ENDPOINT_APNS_TEAM_ID": Self.teamID,
            "ENDPOINT_APNS_TOPIC": Self.topic, "ENDPOINT_APNS_URL": self.apns.url, "ENDPOINT_FCM_SERVICE_ACCOUNT_FILE": accountFile.path,
            "ENDPOINT_FCM_URL": self.fcm.url, "ENDPOINT_PUSH_CA_FILE": self.certificate.certificatePath,
        ]
    }

    /// Settings for a test server that delivers to these servers every 50 ms, their keys written to
    /// `folder`.
    package func serverSettings(keysIn folder: URL) throws -> ServerSettings {
        var settings = ServerSettings()
        settings.push = try PushConfiguration(environment: try self.serverEnvironment(keysIn: folder))
        settings.pushPollInterval = .milliseconds(50)
        return settings
    }

    /// A delivery that sends to these servers, trusting their certificate.
    package func delivery(
        _ database: Database, http: ServiceHTTPClient, policy: RetryPolicy = RetryPolicy(baseSeconds: 10, maximumSeconds: 60, maximumAttempts: 5),
        tokenRemoved: @escaping @Sendable (String, PushPlatform) -> Void = { _, _ in }
    ) async throws -> PushDelivery {
        let apns = try await APNsClient(
            configuration: .init(keyPEM: self.ecKeyPEM, keyID: Self.keyID, teamID: Self.teamID, topic: Self.topic, baseURL: self.apns.url),
            http: http
        )
        let account = try FCMClient.ServiceAccount(json: Data(self.serviceAccountJSON.utf8))
        let fcm = try await FCMClient(account: account, baseURL: self.fcm.url, http: http)
        return PushDelivery(
            database: database, apns: apns, fcm: fcm, http: http, policy: policy, owner: UUID().uuidString, logger: quietLogger,
            tokenRemoved: tokenRemoved
        )
    }

    package var serviceAccountJSON: String {
        let object: [String: String] = [
            "type": "service_account", "project_id": Self.project, "client_email": Self.clientEmail,
            "private_key": self.rsaKeyPEM, "token_uri": self.oauth.url + "/token",
        ]
        return String(decoding: try! JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    }

    private static func generateKey(_ arguments: [String]) throws -> String {
        try Subprocess.openssl(["genpkey"] + arguments)
    }
}

/// The claims APNs checks in a provider token.
package struct APNsClaims: JWTPayload {
    package let iss: IssuerClaim
    package let iat: IssuedAtClaim
    package func verify(using algorithm: some JWTAlgorithm) async throws {}
}

/// The claims Google checks in a service-account assertion.
package struct GoogleClaims: JWTPayload {
    package let iss: IssuerClaim
    package let scope: String
    package let aud: AudienceClaim
    package let iat: IssuedAtClaim
    package let exp: ExpirationClaim
    package func verify(using algorithm: some JWTAlgorithm) async throws {
        try self.exp.verifyNotExpired()
    }
}

/// Registers devices directly, as the registration hook would.
package enum PushDevices {
    package static func register(_ token: String, _ platform: PushPlatform, member: Int?, database: Database) async throws {
        _ = try await database.withConnection {
            try await DeviceTokenStore.register(
                [DeviceTokenRequest(token: token, platform: platform, memberID: member, refreshSeconds: 3600, now: UnixTime.now)], on: $0)
        }
    }

    package static func tokens(_ database: Database) async throws -> [String] {
        try await database.withConnection {
            try await $0.raw("SELECT token FROM device_tokens ORDER BY token").all().map { try $0.decode(column: "token", as: String.self) }
        }
    }
}

extension QueuedPush {
    /// The queued notification, decoded as the push worker decodes it.
    package var notification: PushNotification {
        get throws { try JSONDecoder().decode(PushNotification.self, from: Data(self.payload.utf8)) }
    }
}

/// Push tokens shaped as the services issue them (64 hexadecimal digits, which both APNs and FCM
/// shapes accept), named by a label so tests still read as "alice's phone".
package enum PushTokens {
    package static func named(_ label: String) -> String {
        Hex.encode(SHA256.hash(data: Array(label.utf8)))
    }
}
