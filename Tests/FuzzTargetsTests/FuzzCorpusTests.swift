import Foundation
import FuzzTargets
import Testing

/// Every committed input under `fuzz/` (the seed corpora and the regressions fuzzing found) replayed
/// through its target in the ordinary test run, so a parser change that brings a found bug back fails
/// here, without libFuzzer.
@Suite struct FuzzCorpusTests {
    static let fuzzFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("fuzz")

    @Test(arguments: FuzzTarget.all.map(\.name))
    func seedsAndRegressionsHoldTheProperties(target name: String) throws {
        let target = try #require(FuzzTarget.named(name))
        let seeds = Self.inputs(in: "corpus/\(name)")
        #expect(seeds.count >= 3, "every target has seeds from real request shapes")
        for (file, input) in seeds + Self.inputs(in: "regressions/\(name)") {
            #expect(target.check(input) == nil, "\(file)")
        }
    }

    @Test func everyFolderUnderFuzzNamesATarget() throws {
        for kind in ["corpus", "regressions"] {
            let folders = try FileManager.default.contentsOfDirectory(atPath: Self.fuzzFolder.appendingPathComponent(kind).path)
            for folder in folders {
                #expect(FuzzTarget.named(folder) != nil, "fuzz/\(kind)/\(folder) names no target")
            }
        }
    }

    private static func inputs(in folder: String) -> [(String, [UInt8])] {
        let url = Self.fuzzFolder.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.sorted().compactMap { name in
            FileManager.default.contents(atPath: url.appendingPathComponent(name).path).map { ("\(folder)/\(name)", Array($0)) }
        }
    }
}
