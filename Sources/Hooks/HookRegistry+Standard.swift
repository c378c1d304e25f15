extension HookRegistry {
    /// Every hook this server offers, wired to its dependencies.
    public static func standard(_ services: HookServices) -> HookRegistry {
        var registry = HookRegistry()
        registry.register(EchoHook(), as: HookKey("misc", "echo"))
        registry.register(AccountLoginHook(services: services), as: HookKey("account", "login"))
        registry.register(AccountSessionHook(services: services), as: HookKey("account", "session"))
        registry.register(AccountJoinHook(services: services), as: HookKey("account", "join"))
        registry.register(AccountLostPasswordHook(services: services), as: HookKey("account", "lost_password"))
        registry.register(ContactUsHook(services: services), as: HookKey("misc", "contact_us"), HookKey("account", "contact_us"))
        registry.register(ContentCommandrFSHook(services: services), as: HookKey("content", "commandr_fs"))
        registry.register(AccountSetupPushNotificationsHook(services: services), as: HookKey("account", "setup_push_notifications"))
        registry.register(MiscPushSendHook(services: services), as: HookKey("misc", "push_send"))
        return registry
    }
}
