/// The file or folder name a resource gets in `content/commandr_fs`, derived from its label with
/// Composr's rules (reference §5.1): apostrophes dropped, anything but letters, digits, `_` and `-`
/// turned into `-`, lower case, at most 24 characters (cut at a `-` past the 12th when there is one),
/// no repeated or trailing `-`; `untitled` when nothing is left; a purely numeric result gets `_1`.
public enum Moniker {
    public static let maximumLength = 24

    /// The base moniker for `label` (before collisions are resolved).
    public static func base(for label: String) -> String {
        var characters: [Character] = []
        for scalar in label.lowercased().unicodeScalars where scalar != "'" {
            let keep =
                (scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "-"))
                || (!scalar.isASCII && (scalar.properties.isAlphabetic || scalar.properties.numericType != nil))
            let character: Character = keep ? Character(scalar) : "-"
            if character == "-", characters.last == "-" { continue }
            characters.append(character)
        }
        if characters.count > Self.maximumLength {
            characters = Array(characters.prefix(Self.maximumLength))
            if let cut = characters.lastIndex(of: "-"), cut > 12 { characters = Array(characters[..<cut]) }
        }
        while characters.last == "-" { characters.removeLast() }
        while characters.first == "-" { characters.removeFirst() }
        var moniker = String(characters)
        if moniker.isEmpty || moniker == "_folder" { moniker = "untitled" }
        if moniker.allSatisfy(\.isNumber) { moniker += "_1" }
        return moniker
    }

    /// `base`, or `base_2`, `base_3`… — the first not among `taken` (the monikers that are `base` or
    /// start with `base_`, read in one query).
    public static func firstFree(_ base: String, taken: Set<String>) -> String {
        if !taken.contains(base) { return base }
        var number = 2
        while taken.contains("\(base)_\(number)") { number += 1 }
        return "\(base)_\(number)"
    }
}
