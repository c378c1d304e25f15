public import Foundation
import JWTKit

/// Sends notifications with Firebase Cloud Messaging's HTTP v1 API, authenticated by an OAuth 2 access
/// token obtained with the service account's key (an RS256 JWT exchanged at the account's token URL)
/// and reused until a minute before it expires. `UNREGISTERED` and invalid-token answers mean the token
/// is dead.
public actor FCMClient {
    /// The parts of a service-account JSON file that matter here.
    public struct ServiceAccount: Sendable, Decodable {
        public let projectID: String
        public let clientEmail: String
        public let privateKey: String
        public let tokenURI: String

        enum CodingKeys: String, CodingKey {
            case projectID = "project_id"
            case clientEmail = "client_email"
            case privateKey = "private_key"
            case tokenURI = "token_uri"
        }

        public init(json: Data) throws {
            self = try JSONDecoder().decode(ServiceAccount.self, from: json)
        }
    }

    private struct Claims: JWTPayload {
        let iss: IssuerClaim
        let scope: String
        let aud: AudienceClaim
        let iat: IssuedAtClaim
        let exp: ExpirationClaim

        func verify(using algorithm: some JWTAlgorithm) async throws {}
    }

    private struct TokenAnswer: Decodable {
        let access_token: String
        let expires_in: Int
    }

    private let account: ServiceAccount
    private let baseURL: String
    private let http: ServiceHTTPClient
    private let keys: JWTKeyCollection
    private var accessToken: (token: String, expiresAt: Int)?

    static let scope = "https://www.googleapis.com/auth/firebase.messaging"
    public static let productionURL = "https://fcm.googleapis.com"

    public init(account: ServiceAccount, baseURL: String = FCMClient.productionURL, http: ServiceHTTPClient) async throws {
        self.account = account
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.http = http
        self.keys = await JWTKeyCollection().add(rsa: try Insecure.RSA.PrivateKey(pem: account.privateKey), digestAlgorithm: .sha256)
    }

    /// Sends `notification` to the device with `token`.
    public func send(_ notification: PushNotification, to token: String, now: Int) async -> PushOutcome {
        do {
            var answer = try await self.post(notification, to: token, now: now)
            if answer.status == 401 {
                self.accessToken = nil
                answer = try await self.post(notification, to: token, now: now)
            }
            return Self.outcome(answer)
        } catch let failure as TokenExchangeFailure {
            return failure.permanent ? .failed(failure.description) : .retry(failure.description)
        } catch {
            return .retry("FCM: \(error)")
        }
    }

    private func post(_ notification: PushNotification, to token: String, now: Int) async throws -> ServiceHTTPClient.Answer {
        try await self.http.post(
            "\(self.baseURL)/v1/projects/\(self.account.projectID)/messages:send",
            headers: [("authorization", "Bearer \(try await self.bearer(now: now))"), ("content-type", "application/json")],
            body: notification.fcmRequest(token: token)
        )
    }

    private struct TokenExchangeFailure: Error, CustomStringConvertible {
        let permanent: Bool
        let description: String
    }

    private func bearer(now: Int) async throws -> String {
        if let accessToken, now < accessToken.expiresAt - 60 { return accessToken.token }
        let issued = Date(timeIntervalSince1970: TimeInterval(now))
        let assertion = try await self.keys.sign(
            Claims(
                iss: IssuerClaim(value: self.account.clientEmail),
                scope: Self.scope,
                aud: AudienceClaim(value: self.account.tokenURI),
                iat: IssuedAtClaim(value: issued),
                exp: ExpirationClaim(value: issued.addingTimeInterval(3600))
            ))
        let form = "grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer&assertion=\(assertion)"
        let answer = try await self.http.post(self.account.tokenURI, headers: [("content-type", "application/x-www-form-urlencoded")], body: Data(form.utf8))
        guard answer.status == 200, let token = try? JSONDecoder().decode(TokenAnswer.self, from: answer.body) else {
            throw TokenExchangeFailure(
                permanent: (400..<500).contains(answer.status) && answer.status != 429,
                description: "FCM token exchange answered \(answer.status) \(String(decoding: answer.body.prefix(300), as: UTF8.self))"
            )
        }
        self.accessToken = (token.access_token, now + token.expires_in)
        return token.access_token
    }

    private static func outcome(_ answer: ServiceHTTPClient.Answer) -> PushOutcome {
        let error = (try? JSONSerialization.jsonObject(with: answer.body) as? [String: Any])?["error"] as? [String: Any]
        let status = error?["status"] as? String ?? ""
        let message = error?["message"] as? String ?? ""
        let codes = (error?["details"] as? [[String: Any]] ?? []).compactMap { $0["errorCode"] as? String }
        switch answer.status {
        case 200:
            return .sent
        case 404 where codes.contains("UNREGISTERED") || status == "NOT_FOUND":
            return .deadToken("FCM UNREGISTERED")
        case 400 where status == "INVALID_ARGUMENT" && (codes.contains("INVALID_ARGUMENT") || message.lowercased().contains("registration token")):
            return .deadToken("FCM INVALID_ARGUMENT \(message)")
        case 429, 500...599:
            return .retry("FCM \(answer.status) \(status)")
        default:
            return .failed("FCM \(answer.status) \(status) \(message)")
        }
    }
}
