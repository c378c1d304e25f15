/// Identifies one user-facing sentence.
///
/// The raw values are Composr's language-string IDs (`lang/EN/*.ini`) wherever Composr has the sentence,
/// so a translator working from Composr's language packs finds the same keys here. Sentences Composr
/// does not have carry IDs in the same style, prefixed `ENDPOINT_`. The wording of each language is in
/// its catalog file (`Catalogs/<CODE>.ini`).
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
    case requestTimeout = "ENDPOINT_REQUEST_TIMEOUT"
    case incompleteBody = "ENDPOINT_INCOMPLETE_BODY"
    case siteUnavailable = "ENDPOINT_SITE_UNAVAILABLE"
    case internalFailure = "ENDPOINT_INTERNAL_FAILURE"
    case crossSiteRequest = "ENDPOINT_CROSS_SITE_REQUEST"
    case changeByLink = "ENDPOINT_CHANGE_BY_LINK"
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

    // Joining (reference §4.2)
    case passwordMismatch = "PASSWORD_MISMATCH"
    case emailAddressMismatch = "EMAIL_ADDRESS_MISMATCH"
    case emailDomainNotAccepted = "_MUST_BE_EMAIL_DOMAIN"
    case invalidDateGiven = "INVALID_DATE_GIVEN"
    case emailAddressInUseOnSite = "EMAIL_ADDRESS_IN_USE"
    case usernameBadSymbols = "USERNAME_BAD_SYMBOLS"
    case usernameBadSubstring = "USERNAME_BAD_SUBSTRING"
    case usernameNumeric = "USERNAME_NUMERIC"
    case usernamePasswordWhitespace = "USERNAME_PASSWORD_WHITESPACE"
    case passwordTooCommon = "ENDPOINT_PASSWORD_TOO_COMMON"
    case waitingConfirmMail = "CNS_WAITING_CONFIRM_MAIL"
    case waitingConfirmMailInstant = "CNS_WAITING_CONFIRM_MAIL_INSTANT"
    case waitingConfirmMailValidated = "CNS_WAITING_CONFIRM_MAIL_VALIDATED"
    case loginAuto = "CNS_LOGIN_AUTO"
    case joinThrottled = "ENDPOINT_JOIN_THROTTLED"
    case successfulConfirm = "SUCCESSFUL_CONFIRM"
    case awaitingMemberValidation = "AWAITING_MEMBER_VALIDATION"
    case alreadyConfirmed = "ALREADY_CONFIRMED_THIS"
    case incorrectConfirmCode = "INCORRECT_CONFIRM_CODE"
    case codeExpired = "ENDPOINT_CODE_EXPIRED"
    case codeUsed = "ENDPOINT_CODE_USED"
    case codeThrottled = "ENDPOINT_CODE_THROTTLED"

    // Lost password (reference §4.3)
    case passwordResetError = "PASSWORD_RESET_ERROR"
    case resetCodeMailed = "RESET_CODE_MAILED"
    case incorrectPasswordResetCode = "INCORRECT_PASSWORD_RESET_CODE"
    case resetThrottled = "ENDPOINT_RESET_THROTTLED"
    case passwordChanged = "ENDPOINT_PASSWORD_CHANGED"

    // E-mails
    case confirmEmailSubject = "CONFIRM_EMAIL_SUBJECT"
    case signupText = "CNS_SIGNUP_TEXT"
    case confirmLinkLabel = "ENDPOINT_CONFIRM_LINK"
    case lostPasswordConfirm = "LOST_PASSWORD_CONFIRM"
    case lostPasswordText = "LOST_PASSWORD_TEXT"
    case resetLinkLabel = "ENDPOINT_RESET_LINK"
    case mailNotYou = "ENDPOINT_MAIL_NOT_YOU"
    case passwordChangedSubject = "ENDPOINT_PASSWORD_CHANGED_SUBJECT"
    case passwordChangedText = "ENDPOINT_PASSWORD_CHANGED_TEXT"
    case passwordChangedNotYou = "ENDPOINT_PASSWORD_CHANGED_NOT_YOU"

    // Web pages
    case pageConfirmTitle = "ENDPOINT_PAGE_CONFIRM_TITLE"
    case pageConfirmIntro = "ENDPOINT_PAGE_CONFIRM_INTRO"
    case pageConfirmButton = "ENDPOINT_PAGE_CONFIRM_BUTTON"
    case pageResetTitle = "ENDPOINT_PAGE_RESET_TITLE"
    case pageResetIntro = "ENDPOINT_PAGE_RESET_INTRO"
    case pageNewPassword = "ENDPOINT_PAGE_NEW_PASSWORD"
    case pageRepeatPassword = "ENDPOINT_PAGE_REPEAT_PASSWORD"
    case pageResetButton = "ENDPOINT_PAGE_RESET_BUTTON"
    case pageDoneTitle = "ENDPOINT_PAGE_DONE_TITLE"
    case pageProblemTitle = "ENDPOINT_PAGE_PROBLEM_TITLE"
    case pageFormExpired = "ENDPOINT_PAGE_FORM_EXPIRED"
    case pageBadLink = "ENDPOINT_PAGE_BAD_LINK"

    // Contact form (reference §4.5)
    case general = "GENERAL"
    case yourMessageWasSentSubject = "YOUR_MESSAGE_WAS_SENT_SUBJECT"
    case yourMessageWasSentBody = "YOUR_MESSAGE_WAS_SENT_BODY"
    case contactUsNotificationSubject = "CONTACT_US_NOTIFICATION_SUBJECT"
    case contactUsNotificationMessage = "CONTACT_US_NOTIFICATION_MESSAGE"
    case contactUnverifiedAddress = "ENDPOINT_CONTACT_UNVERIFIED_ADDRESS"
    case contactVerifiedAddress = "ENDPOINT_CONTACT_VERIFIED_ADDRESS"
    case contactThrottled = "ENDPOINT_CONTACT_THROTTLED"
    case anonymousSender = "ENDPOINT_ANONYMOUS_SENDER"
    case fieldTooLong = "ENDPOINT_FIELD_TOO_LONG"

    // Content filesystem (reference §4.6, §5)
    case success = "SUCCESS"
    case accessDeniedPageAccess = "ACCESS_DENIED__PAGE_ACCESS"
    case invalidEndpointType = "INVALID_ENDPOINT_TYPE"
    case missingResource = "MISSING_RESOURCE"
    case missingResourceNamed = "_MISSING_RESOURCE"
    case alreadyExists = "ALREADY_EXISTS"
    case badFileName = "ENDPOINT_BAD_FILE_NAME"
    case cannotCreateHere = "ENDPOINT_CANNOT_CREATE_HERE"
    case cannotDelete = "ENDPOINT_CANNOT_DELETE"
    case cannotEditDirectory = "ENDPOINT_CANNOT_EDIT_DIRECTORY"
    case invalidPropertyData = "ENDPOINT_INVALID_PROPERTY_DATA"
    case invalidProperty = "ENDPOINT_INVALID_PROPERTY"
    case unknownProperty = "ENDPOINT_UNKNOWN_PROPERTY"
    case readOnlyProperty = "ENDPOINT_READ_ONLY_PROPERTY"
    case guestAccountFixed = "ENDPOINT_GUEST_ACCOUNT_FIXED"
    case cannotDeleteSelf = "ENDPOINT_CANNOT_DELETE_SELF"
    case groupInUse = "ENDPOINT_GROUP_IN_USE"
    case categoryNotEmpty = "ENDPOINT_CATEGORY_NOT_EMPTY"
    case optionExpectsFlag = "ENDPOINT_OPTION_EXPECTS_FLAG"
    case optionExpectsInteger = "ENDPOINT_OPTION_EXPECTS_INTEGER"
    case optionExpectsTimezone = "ENDPOINT_OPTION_EXPECTS_TIMEZONE"
    case optionExpectsText = "ENDPOINT_OPTION_EXPECTS_TEXT"
    case optionExpectsLanguage = "ENDPOINT_OPTION_EXPECTS_LANGUAGE"

    // Images (uploads, versions, app assets)
    case mediaUnsupportedType = "ENDPOINT_MEDIA_UNSUPPORTED_TYPE"
    case mediaTooLarge = "ENDPOINT_MEDIA_TOO_LARGE"
    case mediaTooManyPixels = "ENDPOINT_MEDIA_TOO_MANY_PIXELS"
    case mediaCorrupt = "ENDPOINT_MEDIA_CORRUPT"
    case mediaNothingSent = "ENDPOINT_MEDIA_NOTHING_SENT"
    case mediaUnknownVersion = "ENDPOINT_MEDIA_UNKNOWN_VERSION"
    case mediaNoSuchImage = "ENDPOINT_MEDIA_NO_SUCH_IMAGE"
    case mediaInUse = "ENDPOINT_MEDIA_IN_USE"
    case assetImageUnsuitable = "ENDPOINT_ASSET_IMAGE_UNSUITABLE"

    // Push notifications (reference §4.4, §6)
    case unknownDevice = "ENDPOINT_UNKNOWN_DEVICE"
    case invalidAPNsToken = "ENDPOINT_INVALID_APNS_TOKEN"
    case invalidFCMToken = "ENDPOINT_INVALID_FCM_TOKEN"
    case pushDevicesThrottled = "ENDPOINT_PUSH_DEVICES_THROTTLED"
    case pushForOtherMember = "ENDPOINT_PUSH_FOR_OTHER_MEMBER"
    case memberNoExist = "MEMBER_NO_EXIST"
    case pushTooLarge = "ENDPOINT_PUSH_TOO_LARGE"
    case pushTargetRequired = "ENDPOINT_PUSH_TARGET_REQUIRED"
    case pushQueued = "ENDPOINT_PUSH_QUEUED"

    // News API
    case invalidParameter = "ENDPOINT_INVALID_PARAMETER"
    case numberOutOfRange = "ENDPOINT_NUMBER_OUT_OF_RANGE"
    case newsBadCursor = "ENDPOINT_NEWS_BAD_CURSOR"
    case newsCursorOtherList = "ENDPOINT_NEWS_CURSOR_OTHER_LIST"
    case newsBadSyncToken = "ENDPOINT_NEWS_BAD_SYNC_TOKEN"
    case newsUnknownField = "ENDPOINT_NEWS_UNKNOWN_FIELD"
    case newsUnknownCategory = "ENDPOINT_NEWS_UNKNOWN_CATEGORY"
    case newsUnknownArticle = "ENDPOINT_NEWS_UNKNOWN_ARTICLE"
    case newsUnknownResource = "ENDPOINT_NEWS_UNKNOWN_RESOURCE"
    case newsSearchLength = "ENDPOINT_NEWS_SEARCH_LENGTH"
    case newsSearchThrottled = "ENDPOINT_NEWS_SEARCH_THROTTLED"
    case newsSearchWord = "ENDPOINT_NEWS_SEARCH_WORD"
    case newsLiveBusy = "ENDPOINT_NEWS_LIVE_BUSY"
    case newsFooter = "ENDPOINT_NEWS_FOOTER"
    case newsTextTooDeep = "ENDPOINT_NEWS_TEXT_TOO_DEEP"
    /// Before a quote's author in a rendered article ("carol said"), Composr's own string.
    case said = "SAID"

    // Floki apps: tab titles, and the strings the protocol reserves (10000–10016), in that order
    case news = "NEWS"
    case gallery = "GALLERY"
    case flokiShareNewsTitle = "ENDPOINT_FLOKI_SHARE_NEWS_TITLE"
    case flokiSharePictureTitle = "ENDPOINT_FLOKI_SHARE_PICTURE_TITLE"
    case flokiCopyAddress = "ENDPOINT_FLOKI_COPY_ADDRESS"
    case flokiSendEmail = "ENDPOINT_FLOKI_SEND_EMAIL"
    case flokiCancel = "ENDPOINT_FLOKI_CANCEL"
    case flokiNewsEmailSubject = "ENDPOINT_FLOKI_NEWS_EMAIL_SUBJECT"
    case flokiPictureEmailSubject = "ENDPOINT_FLOKI_PICTURE_EMAIL_SUBJECT"
    case flokiNewsEmailBody = "ENDPOINT_FLOKI_NEWS_EMAIL_BODY"
    case flokiPictureEmailBody = "ENDPOINT_FLOKI_PICTURE_EMAIL_BODY"
    case flokiDescribedPictureEmailBody = "ENDPOINT_FLOKI_DESCRIBED_PICTURE_EMAIL_BODY"
    case flokiShareMovieTitle = "ENDPOINT_FLOKI_SHARE_MOVIE_TITLE"
    case flokiMovieEmailSubject = "ENDPOINT_FLOKI_MOVIE_EMAIL_SUBJECT"
    case flokiMovieEmailBody = "ENDPOINT_FLOKI_MOVIE_EMAIL_BODY"
    case flokiTwitterButton = "ENDPOINT_FLOKI_TWITTER_BUTTON"
    case flokiFacebookButton = "ENDPOINT_FLOKI_FACEBOOK_BUTTON"
    case flokiNothingSelected = "ENDPOINT_FLOKI_NOTHING_SELECTED"
    case flokiSectionsButton = "ENDPOINT_FLOKI_SECTIONS_BUTTON"

    // The Floki app definition an administrator writes (`/var/floki/app`)
    case flokiNoTabs = "ENDPOINT_FLOKI_NO_TABS"
    case flokiTabID = "ENDPOINT_FLOKI_TAB_ID"
    case flokiDuplicateTabID = "ENDPOINT_FLOKI_DUPLICATE_TAB_ID"
    case flokiTabClass = "ENDPOINT_FLOKI_TAB_CLASS"
    case flokiTabCategory = "ENDPOINT_FLOKI_TAB_CATEGORY"
    case flokiTabUnknownOption = "ENDPOINT_FLOKI_TAB_UNKNOWN_OPTION"
    case flokiTabTitle = "ENDPOINT_FLOKI_TAB_TITLE"
    case flokiTabNeedsTitle = "ENDPOINT_FLOKI_TAB_NEEDS_TITLE"
    case flokiTabImage = "ENDPOINT_FLOKI_TAB_IMAGE"
    case flokiTabNumber = "ENDPOINT_FLOKI_TAB_NUMBER"
    case flokiTabFlag = "ENDPOINT_FLOKI_TAB_FLAG"
    case flokiTabColour = "ENDPOINT_FLOKI_TAB_COLOUR"
    case flokiTabSize = "ENDPOINT_FLOKI_TAB_SIZE"
    case flokiTabAddress = "ENDPOINT_FLOKI_TAB_ADDRESS"
    case flokiSearchAddress = "ENDPOINT_FLOKI_SEARCH_ADDRESS"
    case flokiTextList = "ENDPOINT_FLOKI_TEXT_LIST"
    case flokiTabPatterns = "ENDPOINT_FLOKI_TAB_PATTERNS"
    case flokiTabWordsAddress = "ENDPOINT_FLOKI_TAB_WORDS_ADDRESS"
    case flokiTabPairs = "ENDPOINT_FLOKI_TAB_PAIRS"

    // Dates, in strftime notation (see DateWording)
    case dateToday = "ENDPOINT_DATE_TODAY"
    case dateYesterday = "ENDPOINT_DATE_YESTERDAY"
    case dateThisWeek = "ENDPOINT_DATE_THIS_WEEK"
    case dateAndTime = "ENDPOINT_DATE_AND_TIME"
    case dateOnly = "ENDPOINT_DATE"
    case dateWithoutYear = "ENDPOINT_DATE_WITHOUT_YEAR"

    /// Messages worded alike in every language: names (`JSON`, `Twitter`, `Facebook`) and the Floki
    /// e-mail templates, which hold only the clients' substitution tags (`<TITLE>`, `<URL>`).
    public var isSameInEveryLanguage: Bool {
        switch self {
        case .jsonOnly, .flokiNewsEmailSubject, .flokiPictureEmailSubject, .flokiNewsEmailBody, .flokiPictureEmailBody,
            .flokiDescribedPictureEmailBody, .flokiMovieEmailSubject, .flokiMovieEmailBody, .flokiTwitterButton, .flokiFacebookButton:
            true
        default: false
        }
    }

    /// The strftime patterns of dates: how the server words dates, not sentences an app shows, so they
    /// are left out of string exports.
    public var isDatePattern: Bool {
        self.rawValue.hasPrefix("ENDPOINT_DATE")
    }
}
