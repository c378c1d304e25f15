import Foundation

/// The library name an uploaded file gets from the name its sender gave it: the last path component
/// without its extension, letters, digits, `-` and `_` only, at most 100 of them; `fallback` when
/// nothing is left. One rule for the console's uploads and the resumable ones.
public enum UploadName {
    public static func stem(_ given: String, fallback: String) -> String {
        let last = given.split(separator: "/").last.map(String.init) ?? ""
        let stem = last.contains(".") ? String(last[..<last.lastIndex(of: ".")!]) : last
        let kept = String(
            String.UnicodeScalarView(stem.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) || "-_".unicodeScalars.contains($0) }).prefix(100))
        return kept.isEmpty ? fallback : kept
    }
}
