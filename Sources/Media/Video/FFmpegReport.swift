import NIOConcurrencyHelpers

/// What a run of `ffmpeg -progress pipe:1 -v error` prints, read as it arrives: its `key=value`
/// progress blocks (how far into the source it is) and, between them, its complaints (the last one is
/// the reason a failed run gives).
final class FFmpegReport: Sendable {
    private struct State {
        var pending: [UInt8] = []
        var seconds: Double = 0
        var lastComplaint = ""
    }

    private let state = NIOLockedValueBox(State())
    private let progressed: @Sendable (Double) -> Void

    /// `progressed` is told the seconds of the source done, at each progress block.
    init(progressed: @escaping @Sendable (Double) -> Void) {
        self.progressed = progressed
    }

    /// The seconds of the source done so far.
    var seconds: Double { self.state.withLockedValue { $0.seconds } }

    /// The last line that was not progress ("" when none).
    var lastComplaint: String { self.state.withLockedValue { $0.lastComplaint } }

    /// Reads a chunk of output.
    func read(_ bytes: [UInt8]) {
        let done: Double? = self.state.withLockedValue { state in
            state.pending += bytes
            var reported: Double?
            while let newline = state.pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: state.pending[..<newline], as: UTF8.self)
                state.pending.removeSubrange(...newline)
                if let value = line.split(separator: "=", maxSplits: 1).last, line.hasPrefix("out_time_us="), let microseconds = Double(value) {
                    state.seconds = max(state.seconds, microseconds / 1_000_000)
                } else if line.hasPrefix("progress=") {
                    reported = state.seconds
                } else if !Self.isProgress(line), !line.isEmpty {
                    state.lastComplaint = String(line.prefix(500))
                }
            }
            // A line that never ends is not kept whole.
            if state.pending.count > 4096 { state.pending.removeAll() }
            return reported
        }
        if let done { self.progressed(done) }
    }

    /// Whether `line` is one of a progress block's `key=value` lines.
    private static func isProgress(_ line: String) -> Bool {
        guard let equals = line.firstIndex(of: "="), equals > line.startIndex else { return false }
        return line[..<equals].allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }
}
