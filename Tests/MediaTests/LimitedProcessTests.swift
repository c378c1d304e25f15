import Foundation
import Glibc
import Testing

@testable import Media

/// The child processes `ffprobe` and `ffmpeg` run in: their limits are the kernel's, they inherit
/// nothing of the server's, and the wall clock and the output cap end them.
@Suite struct LimitedProcessTests {
    static let limits = LimitedProcess.Limits(cpuSeconds: 7, memoryBytes: 1 << 30, outputBytes: 1 << 20, wallClock: .seconds(20), background: true)

    static func output(_ program: String, _ arguments: [String]) async throws -> String {
        let outcome = await LimitedProcess(program: program, limits: Self.limits).run(arguments)
        guard case .exited(status: 0, let output)? = outcome else { throw Unexpected(outcome: "\(String(describing: outcome))") }
        return String(decoding: output, as: UTF8.self)
    }

    struct Unexpected: Error { var outcome: String }

    @Test func theKernelHoldsTheChildToItsLimitsAndItsPlaceBehindTheAPI() async throws {
        let limits = try await Self.output("/usr/bin/cat", ["/proc/self/limits"])
        let rows = limits.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
        #expect(rows.contains { $0.hasPrefix("Max cpu time 7 7 seconds") })
        #expect(rows.contains { $0.hasPrefix("Max address space 1073741824 1073741824 bytes") })
        #expect(rows.contains { $0.hasPrefix("Max file size 1048576 1048576 bytes") })
        #expect(rows.contains { $0.hasPrefix("Max core file size 0 0 bytes") })
        // proc(5): after the command's name in parentheses, field 19 is the nice value and field 41
        // the scheduling policy (5: SCHED_IDLE).
        let stat = try await Self.output("/usr/bin/cat", ["/proc/self/stat"])
        let fields = stat.split(separator: ")").last?.split(separator: " ").map(String.init) ?? []
        #expect(fields.count > 39 && fields[16] == "19" && fields[38] == "5", "\(stat)")
    }

    @Test func theChildInheritsNoEnvironmentAndNoDescriptor() async throws {
        setenv("ENDPOINT_SECRET_FOR_TEST", "not for children", 1)
        defer { unsetenv("ENDPOINT_SECRET_FOR_TEST") }
        // Opened the way a library might, without close-on-exec.
        let leaked = open("/etc/hostname", O_RDONLY)
        try #require(leaked > 2)
        defer { close(leaked) }
        #expect(try await Self.output("/usr/bin/env", []) == "LC_ALL=C\n")
        let descriptors = try await Self.output("/usr/bin/ls", ["/proc/self/fd"]).split(separator: "\n").compactMap { Int32($0) }
        #expect(!descriptors.contains(leaked))
        #expect(descriptors.filter { $0 > 2 }.count <= 1, "only the folder ls reads: \(descriptors)")
    }

    @Test func theWallClockAndTheOutputCapStopTheChild() async throws {
        var brief = Self.limits
        brief.wallClock = .milliseconds(300)
        let slow = LimitedProcess(program: "/usr/bin/sleep", limits: brief)
        let started = ContinuousClock.now
        #expect(await slow.run(["60"]) == .stopped)
        #expect(ContinuousClock.now - started < .seconds(10), "killed at its limit, not waited for")
        var capped = Self.limits
        capped.outputBytes = 1_000
        let talkative = LimitedProcess(program: "/usr/bin/yes", limits: capped)
        #expect(await talkative.run([]) == .stopped)
        #expect(await LimitedProcess(program: "/usr/bin/false", limits: Self.limits).run([]) == .exited(status: 1, output: []))
    }
}
