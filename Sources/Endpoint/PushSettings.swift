import Foundation
import Logging
import Push
import SiteStore

/// Where push notifications go, from the environment (the keys are secrets, so they come from files):
///
/// - APNs: `ENDPOINT_APNS_KEY_FILE` (the `.p8` key), `ENDPOINT_APNS_KEY_ID`, `ENDPOINT_APNS_TEAM_ID`,
///   `ENDPOINT_APNS_TOPIC` (bundle ID), `ENDPOINT_APNS_ENVIRONMENT` (`production`, default, or
///   `sandbox`) or `ENDPOINT_APNS_URL`.
/// - FCM: `ENDPOINT_FCM_SERVICE_ACCOUNT_FILE` (the service-account JSON; its `token_uri` is where
///   access tokens come from), `ENDPOINT_FCM_URL` (default `https://fcm.googleapis.com`).
/// - `ENDPOINT_PUSH_CA_FILE`: extra CA certificates (PEM) to trust for those hosts.
struct PushSettings: Sendable {
    var apns: APNsClient.Configuration?
    var fcmAccount: FCMClient.ServiceAccount?
    var fcmURL = FCMClient.productionURL
    var trustRootsFile: String?

    init(environment: [String: String]) throws {
        func value(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        if let keyFile = value("ENDPOINT_APNS_KEY_FILE") {
            guard let keyID = value("ENDPOINT_APNS_KEY_ID"), let teamID = value("ENDPOINT_APNS_TEAM_ID"), let topic = value("ENDPOINT_APNS_TOPIC") else {
                throw CommandFailure("ENDPOINT_APNS_KEY_FILE needs ENDPOINT_APNS_KEY_ID, ENDPOINT_APNS_TEAM_ID and ENDPOINT_APNS_TOPIC too.")
            }
            let sandbox = value("ENDPOINT_APNS_ENVIRONMENT")?.lowercased() == "sandbox"
            self.apns = APNsClient.Configuration(
                keyPEM: try Self.read(keyFile), keyID: keyID, teamID: teamID, topic: topic,
                baseURL: value("ENDPOINT_APNS_URL") ?? (sandbox ? APNsClient.Configuration.sandboxURL : APNsClient.Configuration.productionURL)
            )
        }
        if let accountFile = value("ENDPOINT_FCM_SERVICE_ACCOUNT_FILE") {
            do {
                self.fcmAccount = try FCMClient.ServiceAccount(json: Data(try Self.read(accountFile).utf8))
            } catch let failure as CommandFailure {
                throw failure
            } catch {
                throw CommandFailure("\(accountFile) is not a service-account JSON file (project_id, client_email, private_key, token_uri).")
            }
        }
        self.fcmURL = value("ENDPOINT_FCM_URL") ?? self.fcmURL
        self.trustRootsFile = value("ENDPOINT_PUSH_CA_FILE")
    }

    /// The delivery for the configured services and the HTTP client it uses (to shut down after the
    /// server), or nil when neither service is configured.
    func delivery(database: Database, options: ConfigOptions, logger: Logger) async throws -> (PushDelivery, ServiceHTTPClient)? {
        guard self.apns != nil || self.fcmAccount != nil else { return nil }
        let http = ServiceHTTPClient(extraTrustRootsFile: self.trustRootsFile)
        do {
            var apns: APNsClient?
            if let configuration = self.apns { apns = try await APNsClient(configuration: configuration, http: http) }
            var fcm: FCMClient?
            if let account = self.fcmAccount { fcm = try await FCMClient(account: account, baseURL: self.fcmURL, http: http) }
            let delivery = PushDelivery(
                outbox: PushOutbox(database: database), apns: apns, fcm: fcm,
                policy: RetryPolicy(options: options, prefix: "push"), logger: logger
            )
            return (delivery, http)
        } catch {
            try? await http.shutdown()
            throw CommandFailure("The push keys could not be read: \(error)")
        }
    }

    private static func read(_ path: String) throws -> String {
        do {
            return try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw CommandFailure("Cannot read \(path).")
        }
    }
}
