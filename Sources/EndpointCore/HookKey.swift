/// The `hook_type`/`hook` pair a hook answers to.
public struct HookKey: Hashable, Sendable, CustomStringConvertible {
    public let hookType: String
    public let hook: String

    public init(_ hookType: String, _ hook: String) {
        self.hookType = hookType
        self.hook = hook
    }

    public var description: String { "\(self.hookType)/\(self.hook)" }
}
