#if !FUZZING
    import ArgumentParser
    import FuzzTargets
    import Foundation

    /// Built without libFuzzer (a plain `swift build`), `endpoint-fuzz` replays inputs through a target,
    /// for reading a crash that `scripts/fuzz.sh` found with an ordinary debugger and stack trace.
    @main
    struct ReplayCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "endpoint-fuzz",
            abstract: "Replays fuzzing inputs (files, or folders of them) through one parser target.",
            discussion: "Targets: \(FuzzTarget.all.map(\.name).joined(separator: ", ")). Fuzzing itself: scripts/fuzz.sh."
        )

        @Argument(help: "The target's name.")
        var target: String

        @Argument(help: "Input files or folders.")
        var inputs: [String]

        func run() throws {
            guard let target = FuzzTarget.named(self.target) else {
                throw ValidationError("There is no target \(self.target); the targets are \(FuzzTarget.all.map(\.name).joined(separator: ", ")).")
            }
            var broken = 0
            for file in try self.files() {
                guard let input = FileManager.default.contents(atPath: file) else { throw ValidationError("Cannot read \(file).") }
                if let problem = target.check(Array(input)) {
                    print("\(file): \(problem)")
                    broken += 1
                }
            }
            guard broken == 0 else { throw ExitCode.failure }
        }

        /// The files named, folders expanded to the files in them.
        private func files() throws -> [String] {
            try self.inputs.flatMap { path -> [String] in
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else { return [path] }
                return try FileManager.default.contentsOfDirectory(atPath: path).sorted().map { path + "/" + $0 }
            }
        }
    }
#endif
