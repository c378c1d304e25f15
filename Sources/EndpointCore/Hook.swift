/// One API operation family reachable at `/data/endpoint.php`, e.g. `account/login`.
///
/// A hook is one type in one file; it receives its dependencies (stores, mailers…) when constructed and
/// is registered under one or more ``HookKey``s in ``HookRegistry``. It answers with a
/// ``HookResponse`` or throws an ``EndpointError``; any other error becomes a generic internal-failure
/// envelope.
public protocol Hook: Sendable {
    func run(_ request: HookRequest) async throws -> HookResponse
}
