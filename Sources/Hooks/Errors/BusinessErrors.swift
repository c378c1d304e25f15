public import Auth
public import EndpointCore
public import Media
public import Messages
public import Push
public import Storage

// The envelope answer of every business error a hook lets through: each type is worded here and
// nowhere else. Refusals are HTTP 200 (the iOS SDK discards other bodies, reference §2.5); a database
// that is away for a moment is a 503 with Retry-After, as proxies and clients expect.

extension DatabaseUnavailable: EndpointErrorConvertible {
    /// "Temporarily unavailable": clients retry after `Retry-After`; nothing was half-written (the
    /// transaction, if any, did not commit).
    public var endpointError: EndpointError {
        EndpointError(status: 503, message: .siteUnavailable, headers: ["Retry-After": String(Self.retryAfterSeconds)])
    }
}

extension AccountFailure: EndpointErrorConvertible {
    /// The flow's sentence, with `Retry-After` for rate limits and a busy server.
    public var endpointError: EndpointError {
        EndpointError(
            status: 200, message: self.message, arguments: self.arguments,
            headers: self.retryAfterSeconds.map { ["Retry-After": String($0)] } ?? [:]
        )
    }
}

extension AccountRules.Violation: EndpointErrorConvertible {
    /// The broken rule's sentence.
    public var endpointError: EndpointError {
        EndpointError(status: 200, message: self.message, arguments: self.arguments)
    }
}

extension MemberRegistration.Conflict: EndpointErrorConvertible {
    /// Composr's join sentences for a taken username or address.
    public var endpointError: EndpointError {
        switch self {
        case .username: .refused(.usernameAlreadyExists)
        case .email(let siteName): .refused(.emailAddressInUseOnSite, siteName)
        }
    }
}

extension DuplicateValue: EndpointErrorConvertible {
    /// "One of these with the name … already exists", naming the value (a commandr_fs edit).
    public var endpointError: EndpointError {
        .refused(.alreadyExists, self.value)
    }
}

extension PushQueue.TooLarge: EndpointErrorConvertible {
    /// The services' size limit.
    public var endpointError: EndpointError {
        .refused(.pushTooLarge, String(PushNotification.maximumPayloadBytes))
    }
}

extension PushBroadcast.NoSuchMember: EndpointErrorConvertible {
    public var endpointError: EndpointError {
        .refused(.memberNoExist)
    }
}

extension PushRegistrations.MalformedToken: EndpointErrorConvertible {
    /// What a token of the platform looks like.
    public var endpointError: EndpointError {
        .refused(self.platform == .ios ? .invalidAPNsToken : .invalidFCMToken)
    }
}

extension PushRegistrations.TooManyNewTokens: EndpointErrorConvertible {
    /// How long until the limit's window ends, with `Retry-After`.
    public var endpointError: EndpointError {
        EndpointError(
            status: 200, message: .pushDevicesThrottled, arguments: [String(max(1, (self.retryAfterSeconds + 59) / 60))],
            headers: ["Retry-After": String(self.retryAfterSeconds)]
        )
    }
}
