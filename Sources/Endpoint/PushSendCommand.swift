import ArgumentParser
import Auth
import Logging
import Push
import Storage

/// `endpoint push send`: queues a notification for one member's devices, every device or the anonymous
/// ones; the running server's push worker delivers it.
struct PushSendCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "send",
        abstract: "Queue a push notification; prints how many devices it was queued for.",
        discussion: "Give exactly one of --member, --all-devices and --anonymous. The server delivers it (see ENDPOINT_APNS_* and ENDPOINT_FCM_*)."
    )

    @OptionGroup var databaseOptions: DatabaseOptions

    @Option(help: "Send to every device of this member ID.")
    var member: Int?

    @Flag(help: "Send to every registered device.")
    var allDevices = false

    @Flag(help: "Send to devices registered without a member.")
    var anonymous = false

    @Option(help: "The notification's title.")
    var title: String

    @Option(help: "The notification's text.")
    var body: String

    @Option(help: "An extra data value, as key=value (repeatable).")
    var data: [String] = []

    func validate() throws {
        guard [self.member != nil, self.allDevices, self.anonymous].filter({ $0 }).count == 1 else {
            throw ValidationError("Give exactly one of --member, --all-devices and --anonymous.")
        }
        for pair in self.data where !pair.contains("=") { throw ValidationError("--data takes key=value, not \(pair).") }
    }

    func run() async throws {
        var data: [String: String] = [:]
        for pair in self.data {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            data[parts[0]] = parts.count > 1 ? parts[1] : ""
        }
        let target: PushTarget = self.member.map(PushTarget.member) ?? (self.allDevices ? .allDevices : .anonymous)
        let request = PushBroadcast.Request(title: self.title, body: self.body, data: data, target: target)
        let logger = Logger(label: "endpoint.push")
        let count = try await self.databaseOptions.withDatabase(logger: logger) { database in
            try await self.databaseOptions.migrate(database, logger: logger)
            do {
                let broadcast = PushBroadcast(database: database, clock: .system) { id in
                    try await database.withConnection { try await MemberStore.find(id: id, on: $0) } != nil
                }
                return try await broadcast.send(request, from: .commandLine)
            } catch is PushQueue.TooLarge {
                throw CommandFailure("The notification is larger than the push services accept (\(PushNotification.maximumPayloadBytes) bytes).")
            } catch is PushBroadcast.NoSuchMember {
                throw CommandFailure("There is no member \(self.member ?? 0).")
            }
        }
        print("Queued for \(count) \(count == 1 ? "device" : "devices").")
    }
}
