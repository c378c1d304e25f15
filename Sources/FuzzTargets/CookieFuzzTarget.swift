import EndpointServer

extension FuzzTarget {
    /// A `Cookie` request header.
    ///
    /// Properties: every name is a token (RFC 6265 §4.1.1): not empty, no separator, whitespace or
    /// control character.
    static let cookie = FuzzTarget(name: "cookie") { input in
        let cookies = CookieHeader.parse(input.lossyText)
        let separators = Set(#"()<>@,;:\"/[]?={} "#.unicodeScalars).union(["\t"])
        for name in cookies.keys {
            guard !name.isEmpty, name.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F && !separators.contains($0) }) else {
                return "a cookie name that is not a token: \(name.debugDescription)"
            }
        }
        return nil
    }
}
