import Dispatch
import Glibc
import NIOConcurrencyHelpers

/// A foreign program (Debian's `ffprobe` and `ffmpeg`) run as a child process under limits, never
/// linked in: a decoder bug, known or not, costs one child, not the server.
///
/// The child is started through util-linux's `setpriv` (it is killed when the thread that started it
/// ends: a server killed with SIGKILL leaves no `ffmpeg` behind) and `prlimit` (CPU time, address
/// space, the largest file it may write, no core file), for long work `chrt` and `nice` (see
/// ``Limits/background``), with standard input `/dev/null`, none of the server's environment (its database URL,
/// its SMTP password) and none of its open descriptors. The parent reads its standard output up to a
/// cap and kills its process group (SIGKILL) past the cap or past the wall-clock limit.
struct LimitedProcess: Sendable {
    struct Limits: Sendable {
        var cpuSeconds: Int
        var memoryBytes: Int
        /// The largest file the child may write, and the most it may print.
        var outputBytes: Int
        var wallClock: Duration
        /// Long work beside the API (making a video's files): scheduled only when no other process
        /// wants the CPU (`SCHED_IDLE`, through util-linux's `chrt`) and at the lowest priority
        /// (`nice -n 19`), so that however many threads `ffmpeg` starts, the API's threads come first.
        var background: Bool
    }

    /// How the child ended.
    enum Outcome: Equatable {
        /// It exited with `status`, having printed `output`.
        case exited(status: Int32, output: [UInt8])
        /// It was killed for going past a limit (time, output), or by a signal.
        case stopped
    }

    let program: String
    let limits: Limits

    /// Runs the program with `arguments` on a dispatch thread (never Swift's cooperative pool: the
    /// wait blocks), nil when it could not be started. With `errorsInOutput` what it prints on standard
    /// error is part of its output (a reader's complaints about a file); otherwise it is discarded.
    /// With `reading`, the output is handed to it as it arrives (a long run's progress) instead of
    /// being collected (the outcome's output is then empty, and only the wall clock bounds it).
    /// Cancelling the calling task kills the child (its outcome is then ``Outcome/stopped``).
    func run(_ arguments: [String], errorsInOutput: Bool = false, reading: (@Sendable ([UInt8]) -> Void)? = nil) async -> Outcome? {
        let started = NIOLockedValueBox<pid_t?>(nil)
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                DispatchQueue.global().async {
                    continuation.resume(returning: self.runWaiting(arguments, errorsInOutput: errorsInOutput, reading: reading, started: started))
                }
            }
        } onCancel: {
            // nil: not started yet (it is killed as it starts); 0: finished.
            started.withLockedValue { pid in
                if let running = pid, running > 0 { kill(-running, SIGKILL) }
                if pid == nil { pid = -1 }
            }
        }
    }

    private func runWaiting(
        _ arguments: [String], errorsInOutput: Bool, reading: (@Sendable ([UInt8]) -> Void)?, started: NIOLockedValueBox<pid_t?>
    ) -> Outcome? {
        var ends: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else { return nil }
        defer { close(ends[0]) }
        let wrapped =
            [
                "/usr/bin/setpriv", "--pdeathsig", "KILL", "--", "/usr/bin/prlimit", "--cpu=\(self.limits.cpuSeconds)", "--as=\(self.limits.memoryBytes)",
                "--fsize=\(self.limits.outputBytes)", "--core=0", "--",
            ] + (self.limits.background ? ["/usr/bin/chrt", "--idle", "0", "/usr/bin/nice", "-n", "19"] : []) + [self.program] + arguments
        let pid = Self.spawn(wrapped, output: ends[1], errorsInOutput: errorsInOutput)
        close(ends[1])
        guard let pid else { return nil }
        // Cancelled before the child started: it is killed now.
        let cancelled = started.withLockedValue { known in
            defer { known = pid }
            return known == -1
        }
        if cancelled { kill(-pid, SIGKILL) }
        let deadline = ContinuousClock.now + self.limits.wallClock
        let output = Self.readAll(ends[0], maximum: self.limits.outputBytes, until: deadline, reading: reading)
        if output == nil { kill(-pid, SIGKILL) }
        // Waited for without reaping it, so that a cancellation until it is marked finished still names
        // this child's group, never a process that took its number.
        var ended = siginfo_t()
        while waitid(P_PID, id_t(pid), &ended, WEXITED | WNOWAIT) < 0, errno == EINTR {}
        started.withLockedValue { $0 = 0 }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        guard let output, status & 0x7f == 0 else { return .stopped }
        return .exited(status: (status >> 8) & 0xff, output: output)
    }

    /// Starts `arguments` in a process group of its own (so a timeout kills whatever it started too), its
    /// standard output `output`, its standard error `output` too or `/dev/null`.
    private static func spawn(_ arguments: [String], output: Int32, errorsInOutput: Bool) -> pid_t? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output, 1)
        if errorsInOutput {
            posix_spawn_file_actions_adddup2(&actions, output, 2)
        } else {
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        // Descriptors opened without close-on-exec (a library's) are closed in the child too.
        for descriptor in Self.openDescriptors() where descriptor > 2 && descriptor != output {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setpgroup(&attributes, 0)
        var defaults = sigset_t()
        sigfillset(&defaults)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        let environment: [UnsafeMutablePointer<CChar>?] = [strdup("LC_ALL=C"), nil]
        defer { for argument in argv + environment { free(argument) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, arguments[0], &actions, &attributes, argv, environment) == 0 else { return nil }
        return pid
    }

    /// The descriptors this process has open now.
    private static func openDescriptors() -> [Int32] {
        guard let folder = opendir("/proc/self/fd") else { return [] }
        defer { closedir(folder) }
        var open: [Int32] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if let descriptor = Int32(name), descriptor != dirfd(folder) { open.append(descriptor) }
        }
        return open
    }

    /// Everything `descriptor` gives until its end, nil past `maximum` bytes or `deadline`; with
    /// `reading`, each chunk goes to it instead and nothing is collected.
    private static func readAll(
        _ descriptor: Int32, maximum: Int, until deadline: ContinuousClock.Instant, reading: (@Sendable ([UInt8]) -> Void)?
    ) -> [UInt8]? {
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { return nil }
            var wanted = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(clamping: left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1)
            let ready = poll(&wanted, 1, milliseconds)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { continue }
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return count == 0 ? output : nil }
            if let reading {
                reading(Array(chunk[..<count]))
                continue
            }
            guard output.count + count <= maximum else { return nil }
            output.append(contentsOf: chunk[..<count])
        }
    }
}
