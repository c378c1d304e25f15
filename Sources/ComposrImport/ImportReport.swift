/// What an import did: per kind, how many rows were imported, matched to this server's built-in rows,
/// already here (from an earlier run: left as they are) or left out (pending in Composr, not found,
/// refused: each with a note), what was left out, and who can sign in to the
/// console afterwards.
public struct ImportReport: Sendable, Equatable {
    public enum Kind: String, CaseIterable, Sendable {
        case members, groups, memberships, categories, articles
        /// Articles' earlier versions (Composr's revisions of news).
        case revisions
        /// Byline names linked to a member (Composr's authors with a member; left out: that member did
        /// not come over).
        case authors
        case pushTokens = "push_tokens"
        case staffMessages = "staff_messages"
        /// Old addresses of articles, kept so that links to them redirect.
        case addresses
        /// Articles' keywords, carried as their tags (left out: `--tags none`, or no tag can be made).
        case tags
        /// Sessions kept for apps signed in to the Composr site (`--keep-app-sessions`).
        case appSessions = "app_sessions"
        /// Images and attachments brought into the media library from `--files` (matched: the library
        /// held the same bytes; left out: not found, or refused).
        case files
        /// The galleries' videos brought into the media library from `--files`, each checked and
        /// queued for what the apps play (already here: the library held the same bytes).
        case videos
        /// The galleries (Composr's names kept; already here: a gallery of that name is).
        case galleries
        /// The galleries' images and videos placed in their galleries (already here: placed by an
        /// earlier run).
        case galleryItems = "gallery_items"
    }
    public enum Outcome: String, CaseIterable, Sendable {
        case imported, matched
        /// Here from an earlier run (or earlier in the dump), left as it is.
        case alreadyHere = "already_here"
        /// Not carried, with a note saying why (pending in Composr, not found, refused).
        case leftOut = "left_out"
    }

    public private(set) var counts: [Kind: [Outcome: Int]] = [:]
    /// What was left out, a line each (at most ``maximumNotes``; the rest counted).
    public private(set) var notes: [String] = []
    public private(set) var notesLeftOut = 0
    public internal(set) var dryRun = false
    /// Who can sign in to `/admin` once the import is done (administrators and news editors), by name.
    public internal(set) var consoleStaff: [String] = []
    /// What the site held that this server does not carry, with its rows.
    public internal(set) var notCarried: [NotCarried] = []

    static let maximumNotes = 1_000

    public func count(_ kind: Kind, _ outcome: Outcome) -> Int { self.counts[kind]?[outcome] ?? 0 }

    mutating func add(_ kind: Kind, _ outcome: Outcome, count: Int = 1) {
        self.counts[kind, default: [:]][outcome, default: 0] += count
    }

    mutating func note(_ line: String) {
        if self.notes.count < Self.maximumNotes { self.notes.append(line) } else { self.notesLeftOut += 1 }
    }

    /// The report as an operator reads it.
    public var text: String {
        var lines = [self.dryRun ? "Dry run: nothing was written." : "Imported."]
        for kind in Kind.allCases {
            let parts = Outcome.allCases.map { "\(self.count(kind, $0)) \(String($0.rawValue.map { $0 == "_" ? " " : $0 }))" }
            lines.append("  \(kind.rawValue): " + parts.joined(separator: ", "))
        }
        lines.append(
            "Can sign in to /admin: " + (self.consoleStaff.isEmpty ? "nobody yet (endpoint member grant-admin)" : self.consoleStaff.joined(separator: ", ")))
        if self.count(.tags, .imported) > 0 {
            lines.append(
                "Tags: the articles' Composr keywords, those Composr made from the text where an editor gave none among them (--tags none leaves them out).")
        }
        if !self.notCarried.isEmpty {
            lines.append("Not carried: " + self.notCarried.map { "\($0.rows) \($0.what)" }.joined(separator: ", "))
        }
        if !self.notes.isEmpty { lines.append("Left out:") }
        lines += self.notes.map { "  " + $0 }
        if self.notesLeftOut > 0 { lines.append("  and \(self.notesLeftOut) more") }
        return lines.joined(separator: "\n")
    }

    /// The report for scripts: `{"dry_run", "counts": {kind: {outcome: n}}, "notes": [...]}`.
    public var json: [String: any Sendable] {
        var counts: [String: [String: Int]] = [:]
        for kind in Kind.allCases {
            counts[kind.rawValue] = Dictionary(uniqueKeysWithValues: Outcome.allCases.map { ($0.rawValue, self.count(kind, $0)) })
        }
        return [
            "dry_run": self.dryRun, "counts": counts, "notes": self.notes, "notes_left_out": self.notesLeftOut, "console_staff": self.consoleStaff,
            "not_carried": Dictionary(self.notCarried.map { ($0.what, $0.rows) }) { first, _ in first },
        ]
    }
}
