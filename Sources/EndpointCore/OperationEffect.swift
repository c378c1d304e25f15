/// What one operation of a hook does to the site, which decides whether a browser may be made to send
/// it by another site (cross-site request forgery).
///
/// Decided per operation (the hook and its resolved `type`), never from the HTTP method: in
/// GET-parameter style `type=delete` arrives as a GET, and browsers attach `SameSite=Lax` cookies to a
/// top-level GET navigation from anywhere.
public enum OperationEffect: Sendable, Equatable {
    /// Changes nothing: anyone may ask, from anywhere, with any credentials.
    case readsOnly
    /// Changes state on the caller's behalf: with cookie credentials only from this site and never on
    /// a GET or HEAD (a link must not change anything); header and form credentials, which a browser
    /// never adds by itself, work from anywhere.
    case changesState
    /// Starts a session (logging in, joining): refused from another site whatever the credentials, so a
    /// page elsewhere cannot log a browser in to an account of its choosing.
    case startsSession
}
