public import EndpointCore
public import Text

/// Turns presented credentials into a ``Caller``.
///
/// Anything that does not check out (malformed, forged, expired, revoked, another member's token)
/// makes the caller Guest; hooks that need a member then say so.
public struct CallerRecognizer: Sendable {
    private let sessions: SessionStore

    public init(sessions: SessionStore) {
        self.sessions = sessions
    }

    public func recognize(_ credentials: PresentedCredentials?) async throws -> Caller {
        guard let credentials,
            let memberID = Int(credentials.memberID.trimmingWhitespace), memberID > 0,
            let session = try await self.sessions.authenticate(memberID: memberID, token: credentials.token)
        else { return .guest }
        return Caller(session: session, channel: credentials.channel)
    }
}
