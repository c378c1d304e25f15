public import EndpointCore

/// The member ID and token a request presented, before they are checked.
///
/// Composr's clients send them three ways (reference §3.3, §3.8); the first complete pair found, in
/// the order form fields, headers, cookies, is the one checked. HTTP Basic is never read: the iOS SDK
/// sends the plaintext password that way.
public struct PresentedCredentials: Sendable, Equatable {
    public static let memberCookie = "cms_member_id"
    public static let tokenCookie = "cms_member_hash"

    public let memberID: String
    public let token: String
    public let channel: CredentialChannel

    public init(memberID: String, token: String, channel: CredentialChannel) {
        self.memberID = memberID
        self.token = token
        self.channel = channel
    }

    /// Finds the pair in a request's form fields, headers (looked up by name) and cookies (parsed
    /// only when neither of the others has it).
    ///
    /// The form fields' `_cn` companions may only name the two auth cookies; a request that names any
    /// other cookie there is ignored rather than allowed to inject it, as Composr would.
    public static func find(
        formFields: [String: String],
        header: (String) -> String?,
        cookies: @autoclosure () -> [String: String]
    ) -> PresentedCredentials? {
        let namesAllowed =
            (formFields["device_auth_member_id_cn"] ?? memberCookie) == memberCookie
            && (formFields["device_auth_pass_hashed_cn"] ?? tokenCookie) == tokenCookie
        if namesAllowed, let id = formFields["device_auth_member_id_vl"], let token = formFields["device_auth_pass_hashed_vl"] {
            return PresentedCredentials(memberID: id, token: token, channel: .formFields)
        }
        if let id = header(memberCookie), let token = header(tokenCookie) {
            return PresentedCredentials(memberID: id, token: token, channel: .headers)
        }
        let cookies = cookies()
        if let id = cookies[memberCookie], let token = cookies[tokenCookie] {
            return PresentedCredentials(memberID: id, token: token, channel: .cookies)
        }
        return nil
    }
}
