/// The site's public URL as every address is printed from it: without a trailing slash, so a path
/// (which starts with `/`) is appended as it is. The one rule for it, applied by each type that keeps
/// the URL (the server's settings, the news writer and answers, commandr_fs, account mails, the
/// allowlist, the import).
public enum PublicURL {
    /// `raw` without its trailing slashes.
    public static func normalised(_ raw: String) -> String {
        var url = Substring(raw)
        while url.hasSuffix("/") { url = url.dropLast() }
        return String(url)
    }
}
