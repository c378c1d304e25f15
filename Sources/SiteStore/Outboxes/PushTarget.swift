/// Whose devices a notification goes to.
public enum PushTarget: Sendable, Equatable {
    /// Every device registered to this member.
    case member(Int)
    /// Every registered device, anonymous or not.
    case allDevices
    /// Devices registered without a member (logged-out apps).
    case anonymous
    /// Devices of administrators and super-moderators.
    case staff
}
