public import EndpointCore
public import Messages
import Text

/// A tag an article carries: a short label as an editor typed it, and its moniker, the label folded
/// (lower case, accents and other marks dropped, every run of what is not a letter or a digit one
/// `-`), so `Climate change`, `CLIMATE-CHANGE` and `Clímate  change` are one tag, `climate-change`,
/// found at `/news/tag/climate-change` and in the apps' tag feeds.
public struct ArticleTag: Sendable, Hashable {
    public var moniker: String
    public var label: String

    public init(moniker: String, label: String) {
        self.moniker = moniker
        self.label = label
    }

    /// The longest label, in Unicode scalars (Composr's keywords are one `meta_keyword` each, of 80 at
    /// most in practice; Ghost's tag names run to 191).
    public static let labelMaximum = 80
    /// The most tags an article carries.
    public static let perArticle = 30

    /// The longest moniker, in Unicode scalars (its column's width): folding may lengthen a label
    /// (`ß` is `ss`, `ﬃ` is `ffi`).
    static let monikerMaximum = 100

    /// The tag `label` names (trimmed); refused when it is longer than ``labelMaximum`` (or its
    /// moniker than ``monikerMaximum``) or has no letter or digit.
    public init(label: String) throws(Refusal) {
        let trimmed = label.trimmingWhitespace
        guard TextLength.fits(trimmed, atMost: Self.labelMaximum), let moniker = Self.moniker(of: trimmed),
            TextLength.fits(moniker, atMost: Self.monikerMaximum)
        else {
            throw .invalid(.newsBadTag, TextLength.prefix(trimmed, Self.labelMaximum), String(Self.labelMaximum))
        }
        self.init(moniker: moniker, label: trimmed)
    }

    /// The moniker of a label: its folded words (``SearchText/words(_:)``), each scalar that is not
    /// part of a word turned into `-`, joined by `-`, with no `-` repeated, leading or trailing; nil
    /// when nothing is left.
    public static func moniker(of label: String) -> String? {
        var scalars = String.UnicodeScalarView()
        for word in SearchText.words(label) {
            for scalar in word.unicodeScalars {
                if SearchText.isWordScalar(scalar) {
                    scalars.append(scalar)
                } else if let last = scalars.last, last != "-" {
                    scalars.append("-")
                }
            }
            if let last = scalars.last, last != "-" { scalars.append("-") }
        }
        while scalars.last == "-" { scalars.removeLast() }
        return scalars.isEmpty ? nil : String(scalars)
    }

    /// The tags `labels` name, in their order, one per moniker (the first label typed for it kept);
    /// empty labels passed over. Refused when one is no tag, or when there are more than
    /// ``perArticle``.
    public static func tags(_ labels: [String]) throws(Refusal) -> [ArticleTag] {
        var tags: [ArticleTag] = []
        var seen: Set<String> = []
        for label in labels where !label.trimmingWhitespace.isEmpty {
            let tag = try ArticleTag(label: label)
            if seen.insert(tag.moniker).inserted { tags.append(tag) }
        }
        guard tags.count <= Self.perArticle else { throw .invalid(.newsTooManyTags, String(Self.perArticle)) }
        return tags
    }
}
