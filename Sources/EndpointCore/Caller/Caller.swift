/// Who is making the request, as recognised from the credentials it carried.
///
/// Anonymous callers, and callers whose credentials did not check out, are Guest (member 1), as in
/// Composr.
public struct Caller: Sendable, Equatable {
    public let memberID: Int
    /// The device session the credentials belong to; nil for Guest.
    public let session: DeviceSession?
    /// How the credentials arrived; nil for Guest.
    public let channel: CredentialChannel?

    public init(session: DeviceSession, channel: CredentialChannel) {
        self.memberID = session.memberID
        self.session = session
        self.channel = channel
    }

    /// Guest's member ID: Composr's first member, whom every anonymous request acts as.
    public static let guestID = 1

    private init() {
        self.memberID = Self.guestID
        self.session = nil
        self.channel = nil
    }

    public static let guest = Caller()
}
