import EndpointServer
import HTTPTypes

extension ServerSettings {
    /// Settings that believe `X-Forwarded-For` from the test client on loopback, so a test chooses
    /// the client address each request comes from.
    package static var behindLoopbackProxy: ServerSettings {
        var settings = ServerSettings()
        settings.trustedProxies = ["127.0.0.1", "::1"].compactMap(IPNetwork.init)
        return settings
    }
}

extension HTTPFields {
    /// A request forwarded for the client at `ip`.
    package static func forwardedFor(_ ip: String) -> HTTPFields {
        [HTTPField.Name("X-Forwarded-For")!: ip]
    }
}
