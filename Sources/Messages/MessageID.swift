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
    case videoUnsupportedType = "ENDPOINT_VIDEO_UNSUPPORTED_TYPE"
    case videoNoPicture = "ENDPOINT_VIDEO_NO_PICTURE"
    case videoTooLong = "ENDPOINT_VIDEO_TOO_LONG"
    case videoFrameTooLarge = "ENDPOINT_VIDEO_FRAME_TOO_LARGE"
    case videoTooLarge = "ENDPOINT_VIDEO_TOO_LARGE"
    case videoCorrupt = "ENDPOINT_VIDEO_CORRUPT"
    case videoNoSuchFile = "ENDPOINT_VIDEO_NO_SUCH_FILE"
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
    case newsTableTooLarge = "ENDPOINT_NEWS_TABLE_TOO_LARGE"
    case newsTextTooLong = "ENDPOINT_NEWS_TEXT_TOO_LONG"
    case newsTextNotRendered = "ENDPOINT_NEWS_TEXT_NOT_RENDERED"
    case newsBadAddress = "ENDPOINT_NEWS_BAD_ADDRESS"
    case newsCategories = "NEWS_CATEGORIES"
    case newsNoneYet = "ENDPOINT_NEWS_NONE_YET"
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

    // The web console (`Console`): Composr's words where it has them
    case logIn = "_LOGIN", logOut = "LOGOUT", username = "USERNAME", password = "PASSWORD", addNews = "ADD_NEWS", editNews = "EDIT_NEWS"
    case deleteNews = "DELETE_NEWS", title = "TITLE", newsSummary = "NEWS_SUMMARY", body = "BODY", category = "CATEGORY", publicationTime = "PUBLICATION_TIME"
    case secondaryCategories = "SECONDARY_CATEGORIES"
    case preview = "PREVIEW", save = "SAVE", delete = "DELETE", search = "SEARCH", members = "MEMBERS", member = "MEMBER", usergroups = "USERGROUPS"
    case emailAddress = "EMAIL_ADDRESS", validated = "VALIDATED", banned = "BANNED", banMember = "BAN_MEMBER", unbanMember = "UNBAN_MEMBER", yes = "YES"
    case no = "NO", next = "NEXT", previous = "PREVIOUS", confirmDelete = "CONFIRM_DELETE", action = "ACTION", date = "DATE", ipAddress = "IP_ADDRESS"
    case lastActivity = "LAST_ACTIVITY", skipNavigation = "SKIP_NAVIGATION", console = "ENDPOINT_CONSOLE"
    case consoleDashboard = "ENDPOINT_CONSOLE_DASHBOARD", consoleMenu = "ENDPOINT_CONSOLE_MENU", consoleLoginName = "ENDPOINT_CONSOLE_LOGIN_NAME"
    case consoleLogOutEverywhere = "ENDPOINT_CONSOLE_LOG_OUT_EVERYWHERE", consoleSignedInAs = "ENDPOINT_CONSOLE_SIGNED_IN_AS"
    case consoleNotStaff = "ENDPOINT_CONSOLE_NOT_STAFF", consoleSessionEnded = "ENDPOINT_CONSOLE_SESSION_ENDED"
    case consoleLoggedOut = "ENDPOINT_CONSOLE_LOGGED_OUT", consoleAdministratorsOnly = "ENDPOINT_CONSOLE_ADMINISTRATORS_ONLY"
    case consoleFormNotChecked = "ENDPOINT_CONSOLE_FORM_NOT_CHECKED", consoleArticles = "ENDPOINT_CONSOLE_ARTICLES"
    case consoleBodyFormat = "ENDPOINT_CONSOLE_BODY_FORMAT", consoleTimeHint = "ENDPOINT_CONSOLE_TIME_HINT"
    case consoleExpiryTime = "ENDPOINT_CONSOLE_EXPIRY_TIME", consoleFeatured = "ENDPOINT_CONSOLE_FEATURED"
    case consoleExternalURL = "ENDPOINT_CONSOLE_EXTERNAL_URL", consoleSaveDraft = "ENDPOINT_CONSOLE_SAVE_DRAFT", consolePublish = "ENDPOINT_CONSOLE_PUBLISH"
    case consoleUnpublish = "ENDPOINT_CONSOLE_UNPUBLISH", consoleState = "ENDPOINT_CONSOLE_STATE", consoleStateDraft = "ENDPOINT_CONSOLE_STATE_DRAFT"
    case consoleStateScheduled = "ENDPOINT_CONSOLE_STATE_SCHEDULED", consoleStatePublished = "ENDPOINT_CONSOLE_STATE_PUBLISHED"
    case consoleStateExpired = "ENDPOINT_CONSOLE_STATE_EXPIRED", consoleAny = "ENDPOINT_CONSOLE_ANY", consoleNothing = "ENDPOINT_CONSOLE_NOTHING"
    case consoleEditConflict = "ENDPOINT_CONSOLE_EDIT_CONFLICT", consoleTitleRequired = "ENDPOINT_CONSOLE_TITLE_REQUIRED"
    case consoleBadTime = "ENDPOINT_CONSOLE_BAD_TIME", consoleNoSuchCategory = "ENDPOINT_CONSOLE_NO_SUCH_CATEGORY"
    case consoleNoSuchArticle = "ENDPOINT_CONSOLE_NO_SUCH_ARTICLE", consoleNoSuchMember = "ENDPOINT_CONSOLE_NO_SUCH_MEMBER"
    case consoleBadURL = "ENDPOINT_CONSOLE_BAD_URL", consoleDrafts = "ENDPOINT_CONSOLE_DRAFTS", consoleLatestMessages = "ENDPOINT_CONSOLE_LATEST_MESSAGES"
    case consoleOutboxes = "ENDPOINT_CONSOLE_OUTBOXES", consoleOutboxesHeading = "ENDPOINT_CONSOLE_OUTBOXES_HEADING"
    case consoleLiveStreams = "ENDPOINT_CONSOLE_LIVE_STREAMS", consoleChanges = "ENDPOINT_CONSOLE_CHANGES", consoleSessions = "ENDPOINT_CONSOLE_SESSIONS"
    case consoleEndSession = "ENDPOINT_CONSOLE_END_SESSION", consoleDevice = "ENDPOINT_CONSOLE_DEVICE"
    case consoleEmailConfirmed = "ENDPOINT_CONSOLE_EMAIL_CONFIRMED", consoleChangeArticleAdded = "ENDPOINT_CONSOLE_CHANGE_ARTICLE_ADDED"
    case consoleChangeArticleEdited = "ENDPOINT_CONSOLE_CHANGE_ARTICLE_EDITED", consoleChangeArticlePublished = "ENDPOINT_CONSOLE_CHANGE_ARTICLE_PUBLISHED"
    case consoleChangeArticleUnpublished = "ENDPOINT_CONSOLE_CHANGE_ARTICLE_UNPUBLISHED"
    case consoleChangeArticleDeleted = "ENDPOINT_CONSOLE_CHANGE_ARTICLE_DELETED", consoleChangeMemberBanned = "ENDPOINT_CONSOLE_CHANGE_MEMBER_BANNED"
    case consoleChangeMemberUnbanned = "ENDPOINT_CONSOLE_CHANGE_MEMBER_UNBANNED", consoleChangeSessionEnded = "ENDPOINT_CONSOLE_CHANGE_SESSION_ENDED"
    case consoleChangeLoggedOutEverywhere = "ENDPOINT_CONSOLE_CHANGE_LOGGED_OUT_EVERYWHERE", consoleEditsNews = "ENDPOINT_CONSOLE_EDITS_NEWS"
    case consoleAllowEditing = "ENDPOINT_CONSOLE_ALLOW_EDITING", consoleStopEditing = "ENDPOINT_CONSOLE_STOP_EDITING"
    case consoleAdministratorsGroup = "ENDPOINT_CONSOLE_ADMINISTRATORS_GROUP", consoleMemberCount = "ENDPOINT_CONSOLE_MEMBER_COUNT"
    case consoleChangeGroupEdits = "ENDPOINT_CONSOLE_CHANGE_GROUP_EDITS", consoleChangeGroupStopped = "ENDPOINT_CONSOLE_CHANGE_GROUP_STOPPED"
    case consoleInsertImage = "ENDPOINT_CONSOLE_INSERT_IMAGE", consoleImageHint = "ENDPOINT_CONSOLE_IMAGE_HINT"
    case consoleChooseImage = "ENDPOINT_CONSOLE_CHOOSE_IMAGE", consoleImageInserted = "ENDPOINT_CONSOLE_IMAGE_INSERTED"
    case consoleMessages = "ENDPOINT_CONSOLE_MESSAGES", consoleMessageNew = "ENDPOINT_CONSOLE_MESSAGE_NEW"
    case consoleMessageRead = "ENDPOINT_CONSOLE_MESSAGE_READ", consoleMessageAnswered = "ENDPOINT_CONSOLE_MESSAGE_ANSWERED"
    case consoleMessageClosed = "ENDPOINT_CONSOLE_MESSAGE_CLOSED", consoleMarkRead = "ENDPOINT_CONSOLE_MARK_READ"
    case consoleMarkHandled = "ENDPOINT_CONSOLE_MARK_HANDLED", consoleFrom = "ENDPOINT_CONSOLE_FROM", consoleReply = "ENDPOINT_CONSOLE_REPLY"
    case consoleReplySubject = "ENDPOINT_CONSOLE_REPLY_SUBJECT", consoleReplyQueued = "ENDPOINT_CONSOLE_REPLY_QUEUED"
    case consoleNoAddress = "ENDPOINT_CONSOLE_NO_ADDRESS", consoleReplyEmpty = "ENDPOINT_CONSOLE_REPLY_EMPTY"
    case consoleNoSuchMessage = "ENDPOINT_CONSOLE_NO_SUCH_MESSAGE", consoleChangeReplied = "ENDPOINT_CONSOLE_CHANGE_REPLIED"
    case consoleChangeMessageRead = "ENDPOINT_CONSOLE_CHANGE_MESSAGE_READ", consoleChangeMessageHandled = "ENDPOINT_CONSOLE_CHANGE_MESSAGE_HANDLED"
    case consolePush = "ENDPOINT_CONSOLE_PUSH", consolePushArticle = "ENDPOINT_CONSOLE_PUSH_ARTICLE"
    case consolePushNoArticle = "ENDPOINT_CONSOLE_PUSH_NO_ARTICLE", consolePushAudience = "ENDPOINT_CONSOLE_PUSH_AUDIENCE"
    case consolePushEveryone = "ENDPOINT_CONSOLE_PUSH_EVERYONE", consolePushGroup = "ENDPOINT_CONSOLE_PUSH_GROUP"
    case consolePushMember = "ENDPOINT_CONSOLE_PUSH_MEMBER", consolePushReview = "ENDPOINT_CONSOLE_PUSH_REVIEW"
    case consolePushReach = "ENDPOINT_CONSOLE_PUSH_REACH", consolePushSend = "ENDPOINT_CONSOLE_PUSH_SEND"
    case consolePushPassword = "ENDPOINT_CONSOLE_PUSH_PASSWORD", consolePushDeliveries = "ENDPOINT_CONSOLE_PUSH_DELIVERIES"
    case consolePushNeedsText = "ENDPOINT_CONSOLE_PUSH_NEEDS_TEXT", consolePushNoSuchGroup = "ENDPOINT_CONSOLE_PUSH_NO_SUCH_GROUP"
    case consoleChangePushSent = "ENDPOINT_CONSOLE_CHANGE_PUSH_SENT", consoleRefresh = "ENDPOINT_CONSOLE_REFRESH"
    case consoleChangeIt = "ENDPOINT_CONSOLE_CHANGE_IT", consoleApp = "ENDPOINT_CONSOLE_APP", consoleAppTabs = "ENDPOINT_CONSOLE_APP_TABS"
    case consoleMoveUp = "ENDPOINT_CONSOLE_MOVE_UP", consoleMoveDown = "ENDPOINT_CONSOLE_MOVE_DOWN", consoleSaveOrder = "ENDPOINT_CONSOLE_SAVE_ORDER"
    case consoleDragHint = "ENDPOINT_CONSOLE_DRAG_HINT", consoleAppDefinition = "ENDPOINT_CONSOLE_APP_DEFINITION"
    case consoleAppPreview = "ENDPOINT_CONSOLE_APP_PREVIEW", consoleAppMore = "ENDPOINT_CONSOLE_APP_MORE", consoleChangeApp = "ENDPOINT_CONSOLE_CHANGE_APP"
    case consoleAppGenerated = "ENDPOINT_CONSOLE_APP_GENERATED", consoleAppOrdered = "ENDPOINT_CONSOLE_APP_ORDERED"
    case consoleAppWritten = "ENDPOINT_CONSOLE_APP_WRITTEN", consoleAppBackToGenerated = "ENDPOINT_CONSOLE_APP_BACK_TO_GENERATED"
    case consoleSettings = "ENDPOINT_CONSOLE_SETTINGS", consoleSettingDefault = "ENDPOINT_CONSOLE_SETTING_DEFAULT"
    case consoleSettingRange = "ENDPOINT_CONSOLE_SETTING_RANGE", consoleSettingLength = "ENDPOINT_CONSOLE_SETTING_LENGTH"
    case consoleSettingAtStart = "ENDPOINT_CONSOLE_SETTING_AT_START", consoleSettingsHint = "ENDPOINT_CONSOLE_SETTINGS_HINT"
    case consoleChangeSetting = "ENDPOINT_CONSOLE_CHANGE_SETTING", consoleMedia = "ENDPOINT_CONSOLE_MEDIA"
    case consoleUploadImages = "ENDPOINT_CONSOLE_UPLOAD_IMAGES", consoleImagesHint = "ENDPOINT_CONSOLE_IMAGES_HINT"
    case consoleImageSize = "ENDPOINT_CONSOLE_IMAGE_SIZE", consoleShownBy = "ENDPOINT_CONSOLE_SHOWN_BY", consoleNotShown = "ENDPOINT_CONSOLE_NOT_SHOWN"
    case consoleImagesUploaded = "ENDPOINT_CONSOLE_IMAGES_UPLOADED", consoleChangeImageAdded = "ENDPOINT_CONSOLE_CHANGE_IMAGE_ADDED"
    case consoleChangeImageDeleted = "ENDPOINT_CONSOLE_CHANGE_IMAGE_DELETED", consoleAddMember = "ENDPOINT_CONSOLE_ADD_MEMBER"
    case consoleValidate = "ENDPOINT_CONSOLE_VALIDATE", consoleConfirmEmail = "ENDPOINT_CONSOLE_CONFIRM_EMAIL"
    case consoleSendReset = "ENDPOINT_CONSOLE_SEND_RESET", consoleResetSent = "ENDPOINT_CONSOLE_RESET_SENT"
    case consoleAdministrator = "ENDPOINT_CONSOLE_ADMINISTRATOR", consoleMakeAdmin = "ENDPOINT_CONSOLE_MAKE_ADMIN"
    case consoleRemoveAdmin = "ENDPOINT_CONSOLE_REMOVE_ADMIN", consoleNewPassword = "ENDPOINT_CONSOLE_NEW_PASSWORD"
    case consoleSetPassword = "ENDPOINT_CONSOLE_SET_PASSWORD", consoleYourPassword = "ENDPOINT_CONSOLE_YOUR_PASSWORD"
    case consolePasswordForStaffGroup = "ENDPOINT_CONSOLE_PASSWORD_FOR_STAFF_GROUP"
    case consoleMemberNoAddress = "ENDPOINT_CONSOLE_MEMBER_NO_ADDRESS"
    case consoleSaveAfterSignIn = "ENDPOINT_CONSOLE_SAVE_AFTER_SIGN_IN"
    case consoleTheirVersion = "ENDPOINT_CONSOLE_THEIR_VERSION"
    case consoleConfirmBan = "ENDPOINT_CONSOLE_CONFIRM_BAN", consoleConfirmDeleteImage = "ENDPOINT_CONSOLE_CONFIRM_DELETE_IMAGE"
    case consoleConfirmLogOutEverywhere = "ENDPOINT_CONSOLE_CONFIRM_LOG_OUT_EVERYWHERE", consoleReason = "ENDPOINT_CONSOLE_REASON"
    case consoleGoBack = "ENDPOINT_CONSOLE_GO_BACK"
    case consoleNotYourself = "ENDPOINT_CONSOLE_NOT_YOURSELF", consoleChangeMemberAdded = "ENDPOINT_CONSOLE_CHANGE_MEMBER_ADDED"
    case consoleChangeMemberValidated = "ENDPOINT_CONSOLE_CHANGE_MEMBER_VALIDATED", consoleChangeEmailConfirmed = "ENDPOINT_CONSOLE_CHANGE_EMAIL_CONFIRMED"
    case consoleChangeResetSent = "ENDPOINT_CONSOLE_CHANGE_RESET_SENT", consoleChangePasswordSet = "ENDPOINT_CONSOLE_CHANGE_PASSWORD_SET"
    case consoleChangeMadeAdmin = "ENDPOINT_CONSOLE_CHANGE_MADE_ADMIN", consoleChangeAdminRemoved = "ENDPOINT_CONSOLE_CHANGE_ADMIN_REMOVED"
    case consoleArticleImage = "ENDPOINT_CONSOLE_ARTICLE_IMAGE", consoleNoImage = "ENDPOINT_CONSOLE_NO_IMAGE"
    case consoleImageCaption = "ENDPOINT_CONSOLE_IMAGE_CAPTION", consoleImageCredit = "ENDPOINT_CONSOLE_IMAGE_CREDIT"
    case consoleGalleryHint = "ENDPOINT_CONSOLE_GALLERY_HINT"

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

    /// The web console's words: shown in a browser by this server, never by an app, so left out of
    /// string exports.
    public var isConsoleText: Bool {
        Self.consoleTexts.contains(self)
    }

    private static let consoleTexts: Set<MessageID> = Set(Self.allCases.filter { $0.rawValue.hasPrefix("ENDPOINT_CONSOLE") }).union(
        Self.composrConsoleWords)

    /// Composr's own words the console shows (its sentences of its own are `ENDPOINT_CONSOLE…`).
    private static let composrConsoleWords: Set<MessageID> = [
        .logIn, .logOut, .username, .password, .addNews, .editNews, .deleteNews, .title, .newsSummary, .body, .category, .publicationTime,
        .secondaryCategories, .preview, .save, .delete, .search, .members, .member, .usergroups, .emailAddress, .validated, .banned, .banMember,
        .unbanMember, .yes, .no, .next, .previous, .confirmDelete, .action, .date, .ipAddress, .lastActivity, .skipNavigation,
    ]
}
