/// The 30,000 most common passwords, which a new password must not be.
///
/// The list is `Resources/common-passwords.txt`, built into the binary: the "passwords" frequency list
/// of zxcvbn-python 4.5.0 (MIT licence, https://github.com/dwolfhub/zxcvbn-python, file
/// `zxcvbn/frequency_lists.py`), which takes the 30,000 most frequent passwords of Mark Burnett's
/// 10-million-password corpus ("xato" list), lowercased, most common first, one per line. Regenerate by
/// extracting `FREQUENCY_LISTS["passwords"]` from that file.
///
/// Checked case-insensitively, since the list is lowercase and `Password1` is guessed as early as
/// `password1`. The set is built once, on first use.
public enum CommonPasswords {
    private static let entries: Set<Substring> = Set((EmbeddedData.text("common-passwords.txt") ?? "").split(separator: "\n"))

    /// Whether `password` is on the list.
    public static func contains(_ password: String) -> Bool {
        Self.entries.contains(Substring(password.lowercased()))
    }

    /// How many passwords the list holds.
    public static var count: Int { Self.entries.count }
}
