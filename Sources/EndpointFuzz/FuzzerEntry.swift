#if FUZZING
    import CFuzzerDriver
    import FuzzTargets
    import Foundation

    /// The target `ENDPOINT_FUZZ_TARGET` names, chosen once per fuzzing process.
    private let selectedTarget: FuzzTarget = {
        let name = ProcessInfo.processInfo.environment["ENDPOINT_FUZZ_TARGET"] ?? ""
        guard let target = FuzzTarget.named(name) else {
            FileHandle.standardError.write(Data("Set ENDPOINT_FUZZ_TARGET to one of: \(FuzzTarget.all.map(\.name).joined(separator: ", ")).\n".utf8))
            exit(2)
        }
        return target
    }()

    /// One input through the selected target; a broken property is a crash, so libFuzzer keeps the input
    /// as an artifact.
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        let input = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        if let problem = selectedTarget.check(input) {
            fatalError("\(selectedTarget.name): \(problem)")
        }
        return 0
    }

    /// The process's entry point: SwiftPM links an executable's `main` to `<module>_main`, so this hands
    /// the command line to libFuzzer's driver.
    @_cdecl("EndpointFuzz_main")
    public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
        var argc = argc
        var argv = argv
        return LLVMFuzzerRunDriver(&argc, &argv, fuzzerTestOneInput)
    }
#endif
