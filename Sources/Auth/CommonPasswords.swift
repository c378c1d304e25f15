/// The 30,000 most common passwords (see ``list`` for the source), which a new password must not be.
///
/// Checked case-insensitively, since the list is lowercase and `Password1` is guessed as early as
/// `password1`. The set is built on first use.
public enum CommonPasswords {
    private static let entries: Set<Substring> = Set(Self.list.split(separator: "\n"))

    /// Whether `password` is on the list.
    public static func contains(_ password: String) -> Bool {
        Self.entries.contains(Substring(password.lowercased()))
    }

    /// How many passwords the list holds.
    public static var count: Int { Self.entries.count }
}
