import Foundation
import Testing

/// A fresh folder holding clips the test makes, removed afterwards.
public final class VideoClips {
    public let folder = FileManager.default.temporaryDirectory.appendingPathComponent("video-probe-\(UUID())")

    public init() throws { try FileManager.default.createDirectory(at: self.folder, withIntermediateDirectories: true) }
    deinit { try? FileManager.default.removeItem(at: self.folder) }

    public func path(_ name: String) -> String { self.folder.appendingPathComponent(name).path }

    /// Runs Debian's `ffmpeg` with `arguments` to make `name`.
    public func make(_ name: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
        process.arguments = ["-nostdin", "-v", "error", "-y"] + arguments + [self.path(name)]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "ffmpeg made \(name)")
        return self.path(name)
    }

    /// A clip of ffmpeg's test picture (`testsrc2`) and, unless `sound` is false, a tone.
    public func clip(_ name: String, size: String = "320x240", seconds: Double = 2, sound: Bool = true, codec: [String] = ["-c:v", "libx264"])
        throws -> String
    {
        let picture = ["-f", "lavfi", "-i", "testsrc2=size=\(size):rate=30"]
        let tone = sound ? ["-f", "lavfi", "-i", "sine=frequency=440"] : []
        return try self.make(name, picture + tone + ["-t", String(seconds)] + codec + (sound ? ["-c:a", "aac"] : []))
    }

    public func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        try Data(bytes).write(to: self.folder.appendingPathComponent(name))
        return self.path(name)
    }
}

/// A Matroska file written by hand, claiming a picture size and a length its content does not have
/// (one empty VP8 block): what a hostile upload's header may say.
public enum Matroska {
    public static func claiming(width: Int, height: Int, milliseconds: Double) -> [UInt8] {
        let header = element(
            "1A45DFA3",
            integer("4286", 1) + integer("42F7", 1) + integer("42F2", 4) + integer("42F3", 8) + element("4282", Array("matroska".utf8))
                + integer("4287", 4) + integer("4285", 2)
        )
        let info = element("1549A966", integer("2AD7B1", 1_000_000) + element("4489", withUnsafeBytes(of: milliseconds.bitPattern.bigEndian, Array.init)))
        let picture = element("E0", integer("B0", width) + integer("BA", height))
        let track = element("AE", integer("D7", 1) + integer("73C5", 1) + integer("83", 1) + element("86", Array("V_VP8".utf8)) + picture)
        let cluster = element("1F43B675", integer("E7", 0) + element("A3", [0x81, 0, 0, 0x80] + [UInt8](repeating: 0, count: 16)))
        return header + element("18538067", info + element("1654AE6B", track) + cluster)
    }

    /// An EBML element: its ID, its size in eight bytes, its data.
    private static func element(_ id: String, _ data: [UInt8]) -> [UInt8] {
        let idBytes = stride(from: 0, to: id.count, by: 2).map { UInt8(id.dropFirst($0).prefix(2), radix: 16)! }
        return idBytes + [0x01] + withUnsafeBytes(of: UInt64(data.count).bigEndian, Array.init).dropFirst() + data
    }

    private static func integer(_ id: String, _ value: Int) -> [UInt8] {
        element(id, withUnsafeBytes(of: UInt64(value).bigEndian, Array.init))
    }
}
