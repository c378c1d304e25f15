import Foundation
import TestSupport
import Testing

@testable import EndpointServer

/// The access log's own writer: lines formatted on its thread without Foundation's date or JSON
/// encoders, flushed within a second and at the stop, dropped (never waited for) when it cannot keep up.
@Suite struct AccessLogTests {
    static func entry(_ index: Int, path: String = "/data/endpoint.php", seconds: Int = 1_795_000_000) -> AccessEntry {
        AccessEntry(
            seconds: seconds, milliseconds: 7, requestID: "id\(index)", method: "POST", path: path, status: 200, microseconds: 1_234,
            clientIP: "127.0.0.1", hook: "account/login", type: "view", memberID: index % 2 == 0 ? nil : 2)
    }

    /// Dates from the count of days alone, against Foundation's calendar, 1970 to 2100.
    @Test func datesAreTheCalendarsOwn() {
        var clock = UTCSecond()
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        var seconds = 0
        while seconds < 4_102_444_800 {
            let expected = formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds))) + "+0000"
            #expect(String(decoding: clock.text(seconds), as: UTF8.self) == expected)
            seconds += 86_400 * 37 + 3_601
        }
        #expect(clock.iso8601(951_782_400, milliseconds: 5) == "2000-02-29T00:00:00.005Z")
    }

    @Test func linesReadAsTheOtherLogLines() throws {
        var clock = UTCSecond()
        var text: [UInt8] = []
        AccessLogFormat.text.write(Self.entry(1), into: &text, clock: &clock)
        #expect(
            String(decoding: text, as: UTF8.self)
                == "2026-11-18T11:06:40+0000 info endpoint: client_ip=127.0.0.1 duration_ms=1.234 hb.request.id=id1 hook=account/login member=2 method=POST path=/data/endpoint.php request_id=id1 status=200 type=view [EndpointServer] request\n"
        )
        var json: [UInt8] = []
        AccessLogFormat.json.write(Self.entry(2, path: "/x\"y\\z\u{1}é"), into: &json, clock: &clock)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json)) as? [String: String])
        #expect(object["path"] == "/x\"y\\z\u{1}é" && object["member"] == "guest" && object["time"] == "2026-11-18T11:06:40.007Z")
        #expect(object["message"] == "request" && object["level"] == "info" && object["label"] == "endpoint" && object["duration_ms"] == "1.234")
        #expect(json.last == UInt8(ascii: "\n") && json.dropLast().allSatisfy { $0 != UInt8(ascii: "\n") }, "one line")
    }

    @Test func everyLineIsWrittenByTheStopAndOneComesWithinASecond() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("access-\(UUID()).log")
        defer { try? FileManager.default.removeItem(at: file) }
        let log = try AccessLog(destination: .file(file.path), format: .text)
        log.record(Self.entry(0))
        try await Waiting.until("the first line, without a stop", seconds: 3) {
            ((try? String(contentsOf: file, encoding: .utf8)) ?? "").hasSuffix("request\n")
        }
        for index in 1..<5_000 { log.record(Self.entry(index)) }
        log.stop()
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 5_000 && lines.last?.contains("request_id=id4999 ") == true, "nothing lost on a clean stop")
        #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int == 0o600)
    }

    /// A destination that cannot keep up costs lines, never a request's time: past the queue's
    /// capacity an entry is dropped at once.
    @Test func aFullQueueDropsInsteadOfWaiting() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("access-\(UUID()).log")
        defer { try? FileManager.default.removeItem(at: file) }
        let log = try AccessLog(destination: .file(file.path), format: .json, capacity: 100)
        let started = ContinuousClock.now
        for index in 0..<100_000 { log.record(Self.entry(index)) }
        let took = ContinuousClock.now - started
        log.stop()
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").count
        #expect(lines < 100_000, "some dropped: \(lines) written")
        #expect(lines >= 100, "a queue's worth written")
        #expect(took < .seconds(5), "recording never waited: \(took)")
    }
}
