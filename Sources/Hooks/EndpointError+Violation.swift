public import Auth

extension EndpointError {
    /// A broken account rule as a refusal (HTTP 200) with the rule's sentence.
    public static func refused(_ violation: AccountRules.Violation) -> EndpointError {
        EndpointError(status: 200, message: violation.message, arguments: violation.arguments)
    }
}
