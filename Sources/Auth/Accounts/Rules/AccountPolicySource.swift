public import Storage

/// The current ``AccountPolicy``: the live config options plus the public URL of links, so a changed
/// option (say, the minimum password length) applies to the next request.
public struct AccountPolicySource: Sendable {
    public let config: ConfigStore
    public let publicURL: String

    public init(config: ConfigStore, publicURL: String) {
        self.config = config
        self.publicURL = publicURL
    }

    public func current() async throws -> AccountPolicy {
        AccountPolicy(options: try await self.config.options(), publicURL: self.publicURL)
    }
}
