import ComposrImport
import Foundation

/// An import's progress on standard error, for an operator watching a long one (a big site's dump is
/// gigabytes): how much of the dump was read, every 5 seconds, then the importer's own lines.
enum ImportProgress {
    static let print: @Sendable (String) -> Void = { line in FileHandle.standardError.write(Data((line + "\n").utf8)) }

    /// A dump read through, its size so far told every 5 seconds.
    struct Reading<Input: DumpInput>: DumpInput {
        var input: Input
        private var bytes = 0
        private var told = ContinuousClock.now

        init(_ input: Input) {
            self.input = input
        }

        mutating func read(upTo limit: Int) throws -> ArraySlice<UInt8> {
            let chunk = try self.input.read(upTo: limit)
            self.bytes += chunk.count
            if ContinuousClock.now - self.told >= .seconds(5) {
                self.told = ContinuousClock.now
                ImportProgress.print("Read \(self.bytes / 1_000_000) MB of the dump…")
            }
            return chunk
        }
    }
}
