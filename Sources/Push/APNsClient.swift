import Foundation
import JWTKit
public import Text

/// Sends notifications with Apple's HTTP/2 provider API using token authentication: an ES256 JWT
/// signed with the team's `.p8` key, reused for 40 minutes (Apple wants it refreshed between 20 and
/// 60). A 410 `Unregistered` or 400 `BadDeviceToken` answer means the token is dead.
public actor APNsClient {
    /// Where and as whom to send.
    public struct Configuration: Sendable {
        /// The `.p8` key (PEM).
        public var keyPEM: String
        public var keyID: String
        public var teamID: String
        /// The app's bundle ID (`apns-topic`).
        public var topic: String
        /// `https://api.push.apple.com` (production) or `https://api.sandbox.push.apple.com`.
        public var baseURL: String
        /// How long APNs keeps trying an offline device (`apns-expiration`).
        public var expirationSeconds = 86_400

        public init(keyPEM: String, keyID: String, teamID: String, topic: String, baseURL: String) {
            self.keyPEM = keyPEM
            self.keyID = keyID
            self.teamID = teamID
            self.topic = topic
            self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        }

        public static let productionURL = "https://api.push.apple.com"
        public static let sandboxURL = "https://api.sandbox.push.apple.com"
    }

    private struct Claims: JWTPayload {
        let iss: IssuerClaim
        let iat: IssuedAtClaim

        func verify(using algorithm: some JWTAlgorithm) async throws {}
    }

    private let configuration: Configuration
    private let http: ServiceHTTPClient
    private let keys: JWTKeyCollection
    private var bearer: (token: String, issuedAt: Int)?
    /// How long a provider token is reused.
    static let tokenLifetimeSeconds = 40 * 60

    public init(configuration: Configuration, http: ServiceHTTPClient) async throws {
        self.configuration = configuration
        self.http = http
        self.keys = await JWTKeyCollection().add(ecdsa: try ES256PrivateKey(pem: configuration.keyPEM), kid: JWKIdentifier(string: configuration.keyID))
    }

    /// Sends `notification` to the device with `token`.
    public func send(_ notification: PushNotification, to token: String, now: Int) async -> PushOutcome {
        do {
            let answer = try await self.post(notification, to: token, now: now)
            if answer.status == 403, Self.reason(answer.body) == "ExpiredProviderToken" {
                self.bearer = nil
                return Self.outcome(try await self.post(notification, to: token, now: now))
            }
            return Self.outcome(answer)
        } catch {
            return .retry("APNs: \(error)")
        }
    }

    private func post(_ notification: PushNotification, to token: String, now: Int) async throws -> ServiceHTTPClient.Answer {
        var headers: [(String, String)] = [
            ("authorization", "bearer \(try await self.providerToken(now: now))"),
            ("apns-topic", self.configuration.topic),
            ("apns-push-type", "alert"),
            ("apns-priority", "10"),
            ("apns-expiration", String(now + self.configuration.expirationSeconds)),
            ("content-type", "application/json"),
        ]
        if let collapseID = notification.data["collapse_id"], !collapseID.isEmpty {
            headers.append(("apns-collapse-id", TextLength.prefix(collapseID, 64)))
        }
        let path = token.addingPercentEncoding(withAllowedCharacters: Self.unreserved) ?? token
        return try await self.http.post("\(self.configuration.baseURL)/3/device/\(path)", headers: headers, body: notification.apnsPayload())
    }

    private func providerToken(now: Int) async throws -> String {
        if let bearer, now - bearer.issuedAt < Self.tokenLifetimeSeconds { return bearer.token }
        let claims = Claims(iss: IssuerClaim(value: self.configuration.teamID), iat: IssuedAtClaim(value: Date(timeIntervalSince1970: TimeInterval(now))))
        let token = try await self.keys.sign(claims, kid: JWKIdentifier(string: self.configuration.keyID))
        self.bearer = (token, now)
        return token
    }

    /// RFC 3986 unreserved characters: everything else in a token is percent-encoded in the path.
    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    private static func outcome(_ answer: ServiceHTTPClient.Answer) -> PushOutcome {
        let reason = Self.reason(answer.body) ?? ""
        switch answer.status {
        case 200: return .sent
        case 410: return .deadToken("APNs 410 \(reason)")
        case 400 where reason == "BadDeviceToken" || reason == "DeviceTokenNotForTopic": return .deadToken("APNs 400 \(reason)")
        case 429, 500...599: return .retry("APNs \(answer.status) \(reason)")
        default: return .failed("APNs \(answer.status) \(reason)")
        }
    }

    private static func reason(_ body: Data) -> String? {
        (try? JSONSerialization.jsonObject(with: body) as? [String: Any])?["reason"] as? String
    }
}
