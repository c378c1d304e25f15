import SiteStore

/// Who is making the request, as recognised from the credentials it carried.
///
/// Anonymous callers, and callers whose credentials did not check out, are Guest (member 1), as in
/// Composr.
public struct Caller: Sendable, Equatable {
    public let memberID: Int

    public init(memberID: Int) {
        self.memberID = memberID
    }

    public static let guest = Caller(memberID: MemberRecord.guestID)

    public var isGuest: Bool { self.memberID == MemberRecord.guestID }
}
