import Testing

@testable import Push

/// The one rule set of `misc/push_send` and `endpoint push send`: the metadata every notification
/// carries, whoever sends it.
@Suite struct PushBroadcastTests {
    @Test func aMemberSenderIsNamedAndTheTargetMemberRecorded() {
        let request = PushBroadcast.Request(title: "t", body: "b", data: ["screen": "news", "from_id": "forged"], target: .member(5))
        #expect(
            PushBroadcast.data(request, from: .member(id: 2, username: "admin")) == [
                "screen": "news", "notification_code": "push_send", "from_id": "2", "from_username": "admin", "to_id": "5",
            ])
    }

    @Test func theCommandLineIsSenderMinusOneAndACodeMayBeChosen() {
        let request = PushBroadcast.Request(title: "t", body: "b", data: ["notification_code": "maintenance"], target: .allDevices)
        #expect(PushBroadcast.data(request, from: .commandLine) == ["notification_code": "maintenance", "from_id": "-1"])
    }

    @Test func bothServicesRenderingsAreSizeChecked() {
        #expect(PushNotification(title: "t", body: "b").fitsServiceLimits)
        #expect(!PushNotification(title: "t", body: String(repeating: "x", count: 4000)).fitsServiceLimits)
    }
}
