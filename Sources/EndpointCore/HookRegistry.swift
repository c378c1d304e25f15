/// Maps ``HookKey``s to hooks.
///
/// One hook may answer to several keys (contact_us is reached as `misc/contact_us` and, from Android,
/// as `account/contact_us`).
public struct HookRegistry: Sendable {
    private var hooks: [HookKey: any Hook] = [:]

    public init() {}

    /// Makes `hook` answer to every key in `keys`; a later registration under the same key replaces
    /// the earlier one.
    public mutating func register(_ hook: any Hook, as keys: HookKey...) {
        for key in keys { self.hooks[key] = hook }
    }

    /// The hook for `key`, if any.
    public func hook(for key: HookKey) -> (any Hook)? {
        self.hooks[key]
    }

    /// Every key a hook answers to (what the API description must describe).
    public var keys: Set<HookKey> {
        Set(self.hooks.keys)
    }
}
