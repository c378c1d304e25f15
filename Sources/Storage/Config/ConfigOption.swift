/// One config option, declared once beside the code that reads it: its name in the `config` table, the
/// values it takes, the value migrations seed, when a change applies and what it does. Readers ask
/// ``ConfigOptions`` for a declaration (never a name and a default of their own), `/etc` edits are
/// checked against ``kind``, `endpoint options` prints the table `docs/configuration.md` holds, and
/// tests compare the declarations with what the migrations seed.
public struct ConfigOption: Sendable, Hashable {
    /// The values an option takes.
    public enum Kind: Sendable, Hashable {
        /// `0` or `1`.
        case flag
        /// A whole number within the range; a stored value outside it reads as the nearest bound.
        case integer(ClosedRange<Int>)
        /// An IANA timezone name.
        case timezone
        /// One of the server's languages (`EN`, `fr`, `de-DE`…), stored as its code.
        case language
        /// Text of at most this many characters, no control characters but newline and tab.
        case text(maximumLength: Int)
        /// Comma-separated items, as text of at most this many characters.
        case list(maximumLength: Int)
    }

    /// When a committed change reaches a running server.
    public enum Effect: Sendable, Hashable {
        /// At the next request (at once on this instance, through announcements on others).
        case atOnce
        /// When the server next starts: the option shapes machinery built once.
        case atStart
    }

    public let name: String
    public let kind: Kind
    /// The value as migrations seed it, and what a reader gets when the option is unset or unreadable.
    public let defaultValue: String
    public let effect: Effect
    /// What the option does, one sentence for `docs/configuration.md`.
    public let summary: String

    public init(_ name: String, _ kind: Kind, default defaultValue: String, _ effect: Effect, _ summary: String) {
        self.name = name
        self.kind = kind
        self.defaultValue = defaultValue
        self.effect = effect
        self.summary = summary
    }

    /// An option whose change applies at once.
    public init(_ name: String, _ kind: Kind, default defaultValue: String, _ summary: String) {
        self.init(name, kind, default: defaultValue, .atOnce, summary)
    }
}
