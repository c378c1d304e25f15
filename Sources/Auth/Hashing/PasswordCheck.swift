/// The outcome of checking a password against a stored hash.
public enum PasswordCheck: Sendable, Equatable {
    /// Wrong password (or no usable hash).
    case mismatch
    /// Right password; `needsRehash` when the stored hash is a legacy form or weaker than the current
    /// Argon2id parameters.
    case match(needsRehash: Bool)
}
