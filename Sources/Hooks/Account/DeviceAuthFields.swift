import Auth
import EndpointCore

/// The `device_auth_*` values a logged-in device sends back (reference §3.3), plus the empty
/// `password` key Android insists on; shared by login and the automatic login after joining.
enum DeviceAuthFields {
    static func fields(memberID: Int, token: SessionToken) -> [(key: String, value: JSONValue)] {
        [
            ("password", ""),
            ("device_auth_member_id_cn", .string(PresentedCredentials.memberCookie)),
            ("device_auth_pass_hashed_cn", .string(PresentedCredentials.tokenCookie)),
            ("device_auth_member_id_vl", .string(String(memberID))),
            ("device_auth_pass_hashed_vl", .string(token.text)),
        ]
    }
}
