import Glibc

extension RenderProcesses {
    /// One child process and the parent's end of its socket.
    final class Child {
        private let pid: pid_t
        private let socket: Int32
        /// Requests answered.
        private(set) var answered = 0
        /// Whether it said it is ready (``RenderProcesses/ready``).
        private var isReady = false

        /// Starts `program` with `arguments` and no environment of the server's, its standard input and
        /// output one end of a Unix socket, its standard error `/dev/null` (the child closes any other descriptor it inherited before
        /// it reads a request: ``RenderProcesses/serve(limits:_:)``); nil when it cannot be started.
        init?(program: String, arguments: [String]) {
            var ends: [Int32] = [0, 0]
            guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else { return nil }
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_adddup2(&actions, ends[1], 0)
            posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
            let argv: [UnsafeMutablePointer<CChar>?] = ([program] + arguments).map { strdup($0) } + [nil]
            // None of the server's environment (its database URL, its SMTP password): the child needs
            // none, and a crash it suffers says nothing to anyone.
            let environment: [UnsafeMutablePointer<CChar>?] = [strdup("SWIFT_BACKTRACE=enable=no"), nil]
            defer { for argument in argv + environment { free(argument) } }
            var pid: pid_t = 0
            let spawned = posix_spawn(&pid, program, &actions, nil, argv, environment)
            close(ends[1])
            guard spawned == 0 else {
                close(ends[0])
                return nil
            }
            self.pid = pid
            self.socket = ends[0]
        }

        /// What a child did with a request.
        enum Exchange {
            case answer([UInt8])
            /// It ended (or closed its socket) before a byte of its answer.
            case gone
            /// It broke its limits: no whole answer in time, or one too long.
            case failed
        }

        /// The child's answer to `request` within `limits` (after anything but an answer, the child
        /// must be ended: its state is unknown).
        func exchange(_ request: [UInt8], limits: Limits) -> Exchange {
            if !self.isReady {
                guard RenderProcesses.read(self.socket, count: 1, until: ContinuousClock.now + limits.startup) == RenderProcesses.ready else {
                    return .failed
                }
                self.isReady = true
            }
            let deadline = ContinuousClock.now + limits.time
            guard RenderProcesses.write(self.socket, RenderProcesses.header(request.count) + request, until: deadline) else {
                return ContinuousClock.now < deadline ? .gone : .failed
            }
            guard let header = RenderProcesses.read(self.socket, count: 8, until: deadline) else {
                return ContinuousClock.now < deadline ? .gone : .failed
            }
            let length = RenderProcesses.length(header)
            guard length <= limits.answerBytes, let answer = RenderProcesses.read(self.socket, count: length, until: deadline) else { return .failed }
            self.answered += 1
            return .answer(answer)
        }

        /// Kills the child and reaps it.
        func end() {
            kill(self.pid, SIGKILL)
            close(self.socket)
            var status: Int32 = 0
            while waitpid(self.pid, &status, 0) < 0, errno == EINTR {}
        }
    }
}
