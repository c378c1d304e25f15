extension HookRegistry {
    /// Every hook this server offers, wired to its dependencies.
    public static func standard(_ services: HookServices) -> HookRegistry {
        var registry = HookRegistry()
        registry.register(EchoHook(), as: HookKey("misc", "echo"))
        registry.register(AccountLoginHook(services: services), as: HookKey("account", "login"))
        registry.register(AccountSessionHook(services: services), as: HookKey("account", "session"))
        return registry
    }
}
