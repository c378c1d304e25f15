/// Where a request's member ID and token came from.
public enum CredentialChannel: Sendable, Equatable {
    /// `device_auth_member_id_vl` and `device_auth_pass_hashed_vl` form fields (what Composr's own
    /// clients may post back).
    case formFields
    /// Headers named after the cookies (what the iOS SDK sends).
    case headers
    /// The `cms_member_id` and `cms_member_hash` cookies. Browsers attach cookies to cross-site
    /// requests, so only this channel needs cross-site request checks.
    case cookies
}
