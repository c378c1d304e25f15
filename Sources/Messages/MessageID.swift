/// Identifies one user-facing sentence.
///
/// The raw values are Composr's language-string IDs (`lang/EN/*.ini`) wherever Composr has the sentence,
/// so a translator working from Composr's language packs finds the same keys here. Sentences Composr
/// does not have carry IDs in the same style, prefixed `ENDPOINT_`.
public enum MessageID: String, CaseIterable, Sendable {
    // Dispatch and parameters (reference §1, §2.4)
    case noParameterSent = "NO_PARAMETER_SENT"
    case improperlyFilledIn = "IMPROPERLY_FILLED_IN"
    case shouldHaveBeenPosted = "SHOULD_HAVE_BEEN_POSTED"
    case notInteger = "NOT_INTEGER"
    case jsonOnly = "JSON_ONLY"
    case unknownHook = "ENDPOINT_UNKNOWN_HOOK"
    case invalidHookName = "ENDPOINT_INVALID_HOOK_NAME"
    case duplicateParameter = "ENDPOINT_DUPLICATE_PARAMETER"
    case invalidEncoding = "ENDPOINT_INVALID_ENCODING"
    case malformedBody = "ENDPOINT_MALFORMED_BODY"
    case requestTooLarge = "ENDPOINT_REQUEST_TOO_LARGE"
    case internalFailure = "ENDPOINT_INTERNAL_FAILURE"
    case crossSiteRequest = "ENDPOINT_CROSS_SITE_REQUEST"
    case unsupportedType = "ENDPOINT_UNSUPPORTED_TYPE"

    // Logging in and sessions (reference §3, §4.1)
    case memberInvalidLogin = "MEMBER_INVALID_LOGIN"
    case memberNotValidatedStaff = "MEMBER_NOT_VALIDATED_STAFF"
    case memberNotValidatedEmail = "MEMBER_NOT_VALIDATED_EMAIL"
    case youAreBanned = "YOU_ARE_BANNED"
    case loginThrottled = "ENDPOINT_LOGIN_THROTTLED"
    case serverBusy = "ENDPOINT_SERVER_BUSY"
    case notLoggedIn = "ENDPOINT_NOT_LOGGED_IN"
    case loggedOut = "ENDPOINT_LOGGED_OUT"
    case loggedOutEverywhere = "ENDPOINT_LOGGED_OUT_EVERYWHERE"

    // Members and accounts
    case usernameAlreadyExists = "USERNAME_ALREADY_EXISTS"
    case emailAddressInUse = "_EMAIL_ADDRESS_IN_USE"
    case invalidEmailAddress = "INVALID_EMAIL_ADDRESS"
    case usernameTooShort = "USERNAME_TOO_SHORT"
    case usernameTooLong = "USERNAME_TOO_LONG"
    case passwordTooShort = "PASSWORD_TOO_SHORT"
    case passwordTooLong = "PASSWORD_TOO_LONG"
}
