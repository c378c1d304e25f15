extension HookRegistry {
    /// Every hook this server offers, wired to its dependencies.
    public static func standard() -> HookRegistry {
        var registry = HookRegistry()
        registry.register(EchoHook(), as: HookKey("misc", "echo"))
        return registry
    }
}
