/// The English wording, taken from Composr's `lang/EN` after HTML stripping (reference §8).
///
/// The `switch` is exhaustive, so adding a ``MessageID`` without English text does not compile.
public struct EnglishCatalog: MessageCatalog {
    public init() {}

    public var languageCode: String { "EN" }

    public func template(for id: MessageID) -> String {
        switch id {
        case .noParameterSent:
            "A critical parameter, {1}, was missing."
        case .improperlyFilledIn:
            "Please check back over the form - you did not fill in all fields on the form correctly"
        case .shouldHaveBeenPosted:
            "You have gone to an URL which requires \u{2018}posted\u{2019} data to be sent ({1}), as well as the information in the URL itself. This is most likely because you have copied and pasted a link to a new browser window, but the page the link was for was a results page for an action."
        case .notInteger:
            "A field that was supposed to be an integer (for our purposes, a whole number between -2147483648 and 2147483647) was not"
        case .jsonOnly:
            "Only supported output type is JSON."
        case .unknownHook:
            "There is no API hook \u{2018}{1}/{2}\u{2019} on this server."
        case .invalidHookName:
            "The hook type and hook name may only contain letters, digits and underscores."
        case .duplicateParameter:
            "The parameter \u{2018}{1}\u{2019} was sent more than once; send it once."
        case .invalidEncoding:
            "The request contains text that is not valid UTF-8 or not properly percent-encoded."
        case .malformedBody:
            "The request body could not be read as {1}."
        case .requestTooLarge:
            "The request is too large; the limit is {1} bytes."
        case .internalFailure:
            "Something went wrong on the server. Please try again later (reference {1})."
        case .crossSiteRequest:
            "This request came from another website and was refused. Log in through the app or this site itself."
        case .unsupportedType:
            "This hook does not support the \u{2018}{1}\u{2019} action."
        case .memberInvalidLogin:
            "Incorrect login or password, try again."
        case .memberNotValidatedStaff:
            "This member account has not yet been validated by the staff."
        case .memberNotValidatedEmail:
            "This member account has not yet been validated by e-mail."
        case .youAreBanned:
            "You have been banned."
        case .loginThrottled:
            "Too many failed login attempts. Please wait {1} {1|minute|minutes} before trying again."
        case .serverBusy:
            "The server is busy. Please try again in a moment."
        case .notLoggedIn:
            "You are not logged in."
        case .loggedOut:
            "You have been logged out on this device."
        case .loggedOutEverywhere:
            "You have been logged out on all your devices."
        case .usernameAlreadyExists:
            "The username specified already exists"
        case .emailAddressInUse:
            "The given e-mail address is already used by another account."
        case .invalidEmailAddress:
            "You inputted an invalid e-mail address"
        case .usernameTooShort:
            "The username must be at least {1} {1|character|characters}"
        case .usernameTooLong:
            "The username must be at most {1} {1|character|characters}"
        case .passwordTooShort:
            "The password must be at least {1} {1|character|characters}"
        case .passwordTooLong:
            "The password must be at most {1} {1|character|characters}"
        }
    }
}
