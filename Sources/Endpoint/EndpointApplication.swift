import Auth
import Hooks
import Hummingbird
import Logging
import Messages
import ServiceLifecycle
import SiteStore

/// Builds the HTTP application: the endpoint dispatcher in front of a router holding `/healthz` and the
/// account pages, plus background services (the mail worker).
///
/// Kept apart from the CLI so tests build exactly what `endpoint serve` runs.
enum EndpointApplication {
    static func build(
        settings: ServerSettings,
        services: HookServices,
        registry: HookRegistry? = nil,
        messages: any MessageCatalog = EnglishCatalog(),
        backgroundServices: [any Service] = [],
        logger: Logger
    ) -> some ApplicationProtocol {
        let database = services.database
        let router = Router(context: EndpointRequestContext.self)
        let clientAddress = ClientAddress(trustedProxies: settings.trustedProxies)
        router.add(middleware: EndpointDispatcher(
            registry: registry ?? .standard(services),
            recognizer: CallerRecognizer(sessions: services.sessions),
            messages: messages,
            maximumBodyBytes: settings.maximumBodyBytes,
            clientAddress: clientAddress,
            crossSite: CrossSiteCheck(publicAuthority: settings.publicAuthority)
        ))
        router.get("healthz") { _, _ -> Response in
            let reachable = await database.isReachable()
            return Response(
                status: reachable ? .ok : .serviceUnavailable,
                headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-cache"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: reachable ? #"{"status":"ok"}"# : #"{"status":"unavailable"}"#))
            )
        }
        AccountPages(services: services, messages: messages, clientAddress: clientAddress, secureCookies: settings.secureCookies)
            .register(on: router)
        return Application(
            router: router,
            configuration: .init(address: .hostname(settings.hostname, port: settings.port), serverName: nil),
            services: backgroundServices,
            logger: logger
        )
    }
}
