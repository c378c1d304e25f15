import Foundation
public import Logging
public import Outbox
public import Storage

/// Where push notifications go, from the environment (the keys are secrets, so they come from files):
///
/// - APNs: `ENDPOINT_APNS_KEY_FILE` (the `.p8` key), `ENDPOINT_APNS_KEY_ID`, `ENDPOINT_APNS_TEAM_ID`,
///   `ENDPOINT_APNS_TOPIC` (bundle ID), `ENDPOINT_APNS_ENVIRONMENT` (`production`, default, or
///   `sandbox`) or `ENDPOINT_APNS_URL`.
/// - FCM: `ENDPOINT_FCM_SERVICE_ACCOUNT_FILE` (the service-account JSON; its `token_uri` is where
///   access tokens come from), `ENDPOINT_FCM_URL` (default `https://fcm.googleapis.com`).
/// - `ENDPOINT_PUSH_CA_FILE`: extra CA certificates (PEM) to trust for those hosts.
public struct PushConfiguration: Sendable {
    public var apns: APNsClient.Configuration?
    public var fcmAccount: FCMClient.ServiceAccount?
    public var fcmURL = FCMClient.productionURL
    public var trustRootsFile: String?

    /// A configuration that cannot work, with the sentence saying why (for the operator).
    public struct Invalid: Error, CustomStringConvertible, Equatable {
        public let description: String
    }

    /// No service: notifications stay queued.
    public init() {}

    public init(environment: [String: String]) throws(Invalid) {
        func value(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        if let keyFile = value("ENDPOINT_APNS_KEY_FILE") {
            guard let keyID = value("ENDPOINT_APNS_KEY_ID"), let teamID = value("ENDPOINT_APNS_TEAM_ID"), let topic = value("ENDPOINT_APNS_TOPIC") else {
                throw Invalid(description: "ENDPOINT_APNS_KEY_FILE needs ENDPOINT_APNS_KEY_ID, ENDPOINT_APNS_TEAM_ID and ENDPOINT_APNS_TOPIC too.")
            }
            let sandbox = value("ENDPOINT_APNS_ENVIRONMENT")?.lowercased() == "sandbox"
            self.apns = APNsClient.Configuration(
                keyPEM: try Self.read(keyFile), keyID: keyID, teamID: teamID, topic: topic,
                baseURL: value("ENDPOINT_APNS_URL") ?? (sandbox ? APNsClient.Configuration.sandboxURL : APNsClient.Configuration.productionURL)
            )
        }
        if let accountFile = value("ENDPOINT_FCM_SERVICE_ACCOUNT_FILE") {
            let json = Data(try Self.read(accountFile).utf8)
            do {
                self.fcmAccount = try FCMClient.ServiceAccount(json: json)
            } catch {
                throw Invalid(description: "\(accountFile) is not a service-account JSON file (project_id, client_email, private_key, token_uri).")
            }
        }
        self.fcmURL = value("ENDPOINT_FCM_URL") ?? self.fcmURL
        self.trustRootsFile = value("ENDPOINT_PUSH_CA_FILE")
    }

    /// Whether neither service is configured (notifications then stay queued).
    public var isEmpty: Bool { self.apns == nil && self.fcmAccount == nil }

    /// The delivery for the configured services, with the HTTP client they share, or nil when neither
    /// service is configured.
    public func delivery(
        database: Database, policy: RetryPolicy, owner: String, logger: Logger, tokenRemoved: @escaping @Sendable (String, PushPlatform) -> Void = { _, _ in }
    ) async throws(Invalid) -> PushDelivery? {
        guard !self.isEmpty else { return nil }
        let http = ServiceHTTPClient(extraTrustRootsFile: self.trustRootsFile)
        do {
            var apns: APNsClient?
            if let configuration = self.apns { apns = try await APNsClient(configuration: configuration, http: http) }
            var fcm: FCMClient?
            if let account = self.fcmAccount { fcm = try await FCMClient(account: account, baseURL: self.fcmURL, http: http) }
            return PushDelivery(
                database: database, apns: apns, fcm: fcm, http: http, policy: policy, owner: owner, logger: logger, tokenRemoved: tokenRemoved
            )
        } catch {
            try? await http.shutdown()
            throw Invalid(description: "The push keys could not be read: \(error)")
        }
    }

    private static func read(_ path: String) throws(Invalid) -> String {
        do {
            return try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw Invalid(description: "Cannot read \(path).")
        }
    }
}
