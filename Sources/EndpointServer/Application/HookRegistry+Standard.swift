import Auth
public import EndpointCore
import Galleries
public import Hooks
import News
public import Push

extension HookRegistry {
    /// Every hook this server offers, each given the dependencies it uses from `site`.
    public static func standard(_ site: Site) -> HookRegistry {
        let administrators = AdministratorCheck.live(site.memberships)
        var registry = HookRegistry()
        registry.register(EchoHook(), as: HookKey("misc", "echo"))
        registry.register(
            AccountLoginHook(
                logIn: { try await site.login.logIn(username: $0, password: $1, from: $2) },
                profile: .live(site.policies, clock: site.clock),
                cookies: site.cookies
            ),
            as: HookKey("account", "login")
        )
        registry.register(
            AccountSessionHook(sessions: .live(site.sessions, site.memberships), cookies: site.cookies),
            as: HookKey("account", "session")
        )
        registry.register(
            AccountJoinHook(
                join: { try await site.joining.join($0, from: $1) },
                confirm: { try await site.confirmation.confirm(memberID: $0, code: $1, ip: $2) },
                cookies: site.cookies
            ),
            as: HookKey("account", "join")
        )
        registry.register(AccountLostPasswordHook(recovery: .live(site.passwordReset)), as: HookKey("account", "lost_password"))
        registry.register(
            ContactUsHook(inbox: site.staffInbox, database: site.database),
            as: HookKey("misc", "contact_us"), HookKey("account", "contact_us")
        )
        registry.register(
            ContentCommandrFSHook(
                administrators: administrators,
                context: CommandrContext(
                    database: site.database, registration: site.registration, memberAdministration: site.memberAdministration,
                    policies: site.policies,
                    media: site.mediaUploads, videos: site.videoUploads, publicURL: site.publicURL, clock: site.clock
                )),
            as: HookKey("content", "commandr_fs")
        )
        registry.register(
            AccountSetupPushNotificationsHook(registry: .live(site.pushRegistrations, site.database, site.memberships)),
            as: HookKey("account", "setup_push_notifications")
        )
        registry.register(
            MiscPushSendHook(administrators: administrators, send: { try await site.pushBroadcast.send($0, from: $1) }),
            as: HookKey("misc", "push_send")
        )
        registry.register(
            ContentNewsHook(responder: site.news, config: site.config, searches: site.newsSearches, live: site.newsLive),
            as: HookKey("content", "news")
        )
        registry.register(
            ContentGalleriesHook(
                answers: GalleryAnswers(publicURL: site.publicURL), floki: FlokiSiteGallery(publicURL: site.publicURL), database: site.database),
            as: HookKey("content", "galleries"))
        return registry
    }
}
