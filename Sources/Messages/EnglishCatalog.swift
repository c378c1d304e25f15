public import Foundation

/// The English wording, taken from Composr's `lang/EN` after HTML stripping (reference §8).
///
/// The `switch` is exhaustive, so adding a ``MessageID`` without English text does not compile.
public struct EnglishCatalog: MessageCatalog {
    public init() {}

    public var languageCode: String { "EN" }

    /// US English names, whose AM/PM marks are the capitals Composr shows ("11:16 PM").
    public var locale: Locale { Locale(identifier: "en_US") }

    /// 1st, 2nd, 3rd, 4th… 11th, 12th, 13th… 21st.
    public func ordinalSuffix(_ number: Int) -> String {
        guard !(11...13).contains(number % 100) else { return "th" }
        return switch number % 10 {
        case 1: "st"
        case 2: "nd"
        case 3: "rd"
        default: "th"
        }
    }

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
        case .passwordMismatch:
            "The two passwords you gave do not match."
        case .emailAddressMismatch:
            "The two e-mail addresses you gave do not match."
        case .emailDomainNotAccepted:
            "The given e-mail address is not on a domain name that we accept."
        case .invalidDateGiven:
            "You have entered an invalid date"
        case .emailAddressInUseOnSite:
            "The given e-mail address is already used by another account, and our rules state that no person should have more than one account on {1}. If you have forgotten your password you can have your password reset."
        case .usernameBadSymbols:
            "The username chosen contains restricted symbols"
        case .usernameBadSubstring:
            "The username chosen contains a disallowed phrase"
        case .usernameNumeric:
            "Numeric usernames are not permitted"
        case .usernamePasswordWhitespace:
            "You must not use whitespace (e.g. spaces or tabs) in your username or password"
        case .passwordTooCommon:
            "This password is one of the most commonly used ones, so it would be guessed quickly. Please choose another."
        case .waitingConfirmMail:
            "An e-mail has been sent to the e-mail address you joined with. This e-mail will contain a link that you may click to activate your account. "
        case .waitingConfirmMailInstant:
            "Once activated, you may login."
        case .waitingConfirmMailValidated:
            "You will need to wait for a member of staff to validate your account before you may login."
        case .loginAuto:
            "You have now joined, and have been automatically logged in."
        case .joinThrottled:
            "Too many accounts were created from your network recently. Please try again in {1} {1|minute|minutes}."
        case .successfulConfirm:
            "Your e-mail address has been confirmed. You may now log in."
        case .awaitingMemberValidation:
            "Your e-mail address has been confirmed. A member of staff still needs to validate your account before you may log in."
        case .alreadyConfirmed:
            "This e-mail address has already been confirmed. You may log in."
        case .incorrectConfirmCode:
            "The confirmation code is not correct. Make sure you opened the whole link from the most recent e-mail we sent you."
        case .codeExpired:
            "This link has expired. Please ask for a new one."
        case .codeUsed:
            "This link has already been used. Please ask for a new one if you still need it."
        case .codeThrottled:
            "Too many incorrect codes were tried. Please wait {1} {1|minute|minutes} before trying again."
        case .passwordResetError:
            "You must either enter a username or an e-mail address."
        case .resetCodeMailed:
            "A reset link has been e-mailed to the specified member's e-mail address."
        case .incorrectPasswordResetCode:
            "You have entered an incorrect reset code. You probably reached this screen, directly or indirectly, from the e-mail you received after choosing to have your password reset. The link in the e-mail contains the confirmation code; if you are viewing the e-mail in plain text make sure you go to the full link including the code portion. If you have done multiple resets then you must use the link/code from the most recent e-mail."
        case .resetThrottled:
            "Too many password resets were requested from your network recently. Please try again in {1} {1|minute|minutes}."
        case .passwordChanged:
            "Your password has been changed and every device that was logged in to your account has been logged out. You may now log in with the new password."
        case .confirmEmailSubject:
            "Activate your new account at {1}"
        case .signupText:
            "Welcome to {1}, {2}! Please open the link below within {3} {3|hour|hours} to confirm your e-mail address and activate your account."
        case .confirmLinkLabel:
            "Confirm my e-mail address"
        case .lostPasswordConfirm:
            "Confirm password reset"
        case .lostPasswordText:
            "Dear {1}, someone (probably you) asked to reset the password of your account at {2}. Open the link below within {3} {3|minute|minutes} to choose a new password."
        case .resetLinkLabel:
            "Choose a new password"
        case .mailNotYou:
            "If you did not ask for this, you can ignore this e-mail; nothing will change."
        case .passwordChangedSubject:
            "Your password at {1} was changed"
        case .passwordChangedText:
            "Dear {1}, the password of your account at {2} was changed at {3} (UTC), and every device that was logged in has been logged out."
        case .passwordChangedNotYou:
            "If you did not do this, reset your password at once and tell the staff."
        case .pageConfirmTitle:
            "Confirm your e-mail address"
        case .pageConfirmIntro:
            "Press the button to confirm your e-mail address and activate your account."
        case .pageConfirmButton:
            "Confirm"
        case .pageResetTitle:
            "Choose a new password"
        case .pageResetIntro:
            "Choose a new password of at least {1} {1|character|characters}. Avoid passwords that are common or used elsewhere."
        case .pageNewPassword:
            "New password"
        case .pageRepeatPassword:
            "New password again"
        case .pageResetButton:
            "Change password"
        case .pageDoneTitle:
            "Done"
        case .pageProblemTitle:
            "Something is not right"
        case .pageFormExpired:
            "This form could not be checked (it may have been open too long, or cookies are blocked). Please open the link from your e-mail again."
        case .pageBadLink:
            "This link is incomplete. Please open the whole link from your e-mail."
        case .general:
            "General"
        case .yourMessageWasSentSubject:
            "Your message was sent ({1})"
        case .yourMessageWasSentBody:
            "You recently sent us a message on {1} (repeated below). We will reply as soon as we can. Your message follows..."
        case .contactUsNotificationSubject:
            "New 'Contact-Us' message: {1}"
        case .contactUsNotificationMessage:
            "There has been a new message on {1}, sent by {2}, in the category \u{2018}{3}\u{2019}. The message is as follows:"
        case .contactUnverifiedAddress:
            "Reply address given by the sender (not verified): {1}"
        case .contactVerifiedAddress:
            "Reply address of the member\u{2019}s account: {1}"
        case .contactThrottled:
            "You have sent several messages recently. Please wait {1} {1|minute|minutes} before sending another."
        case .anonymousSender:
            "an anonymous visitor"
        case .fieldTooLong:
            "The {1} is too long; it may be at most {2} characters."
        case .success:
            "Your action was successful."
        case .accessDeniedPageAccess:
            "\u{201C}{1}\u{201D} does not have access to this page."
        case .invalidEndpointType:
            "Access type must be add/edit/delete/view/search"
        case .missingResource:
            "The requested resource does not exist. It has probably been deleted."
        case .missingResourceNamed:
            "The requested resource ({1}) does not exist. It has probably been deleted."
        case .alreadyExists:
            "One of these with the name \u{2018}{1}\u{2019} already exists."
        case .badFileName:
            "The name \u{2018}{1}\u{2019} is not allowed (no control characters, no leading dot, no system junk files)."
        case .cannotCreateHere:
            "Nothing can be created at {1}."
        case .cannotDelete:
            "{1} cannot be deleted."
        case .cannotEditDirectory:
            "{1} is a folder; edit its _folder.cms file instead."
        case .invalidPropertyData:
            "The data must be a JSON object of properties."
        case .invalidProperty:
            "The value of \u{2018}{1}\u{2019} is not valid."
        case .unknownProperty:
            "There is no property \u{2018}{1}\u{2019} here."
        case .readOnlyProperty:
            "The property \u{2018}{1}\u{2019} cannot be changed."
        case .guestAccountFixed:
            "The Guest account cannot be changed or deleted."
        case .cannotDeleteSelf:
            "You cannot delete or ban your own account."
        case .groupInUse:
            "The group \u{2018}{1}\u{2019} still has members or is needed by the site, so it cannot be deleted."
        case .categoryNotEmpty:
            "The category \u{2018}{1}\u{2019} still holds articles, so it cannot be deleted."
        case .optionExpectsFlag:
            "{1} must be 0 or 1."
        case .optionExpectsInteger:
            "{1} must be a whole number from {2} to {3}."
        case .optionExpectsTimezone:
            "{1} must be a time zone name, such as Europe/London."
        case .optionExpectsText:
            "{1} must be text of at most {2} characters, without control characters."
        case .unknownDevice:
            "The device must be \u{2018}ios\u{2019} or \u{2018}android\u{2019}, not \u{2018}{1}\u{2019}."
        case .invalidPushToken:
            "The push token must be non-empty printable text of at most 4096 bytes."
        case .pushForOtherMember:
            "You can only register a device for your own account."
        case .memberNoExist:
            "There is currently no such member registered on this website."
        case .pushTooLarge:
            "The notification is too large for the push services (at most {1} bytes)."
        case .pushTargetRequired:
            "Say who the notification is for: member, all_devices or anonymous (exactly one)."
        case .pushQueued:
            "The notification was queued for {1} {1|device|devices}."
        case .dateToday:
            "%l:%M %p"
        case .dateYesterday:
            "Yesterday, %l:%M %p"
        case .dateThisWeek:
            "%a %l:%M %p"
        case .dateAndTime:
            "%e%o %B %Y, %l:%M %p"
        case .dateOnly:
            "%e%o %B %Y"
        case .dateWithoutYear:
            "%e%o %B"
        }
    }
}
