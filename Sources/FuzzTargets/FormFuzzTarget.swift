import EndpointServer
import Messages
import Routes

extension FuzzTarget {
    /// An `application/x-www-form-urlencoded` body or query string.
    ///
    /// Properties: a refusal says the input is malformed (a 400); no decoded name is empty; encoding the decoded pairs again and
    /// decoding that gives the same pairs; the lookup table refuses exactly the inputs with a repeated
    /// name; the one-pass table (``FormURLEncoding/table(_:)``, what requests use) answers exactly as
    /// the table of the pairs, refusals included.
    static let form = FuzzTarget(name: "form") { input in
        let oneStep = Result { () throws(Refusal) in try FormURLEncoding.table(input) }
        let pairs: [(name: String, value: String)]
        do throws(Refusal) {
            pairs = try FormURLEncoding.decode(input)
        } catch {
            guard error.kind == .malformed else { return "refused as \(error.kind), not as malformed" }
            return Self.failure(of: oneStep) == error ? nil : "the one-pass table did not refuse as the pairs did"
        }
        if pairs.contains(where: \.name.isEmpty) { return "decoded an empty name" }
        let encoded = pairs.map { Self.percentEncoded($0.name) + "=" + Self.percentEncoded($0.value) }.joined(separator: "&")
        guard let again = try? FormURLEncoding.decode(Array(encoded.utf8)) else { return "its own encoding was refused" }
        guard again.map(\.name) == pairs.map(\.name), again.map(\.value) == pairs.map(\.value) else {
            return "decoding its own encoding gave other pairs"
        }
        let hasRepeat = Set(pairs.map(\.name)).count != pairs.count
        switch Result(catching: { () throws(Refusal) in try ParameterFields.table(pairs) }) {
        case .success(let table):
            if hasRepeat || table.count != pairs.count { return "a repeated name was accepted" }
            return (try? oneStep.get()) == table ? nil : "the one-pass table differs from the pairs' table"
        case .failure(let error):
            guard hasRepeat && error.kind == .malformed else { return "a table without repeated names was refused" }
            return Self.failure(of: oneStep) == error ? nil : "the one-pass table did not refuse as the pairs' table did"
        }
    }

    private static func failure<Success>(of result: Result<Success, Refusal>) -> Refusal? {
        guard case .failure(let error) = result else { return nil }
        return error
    }

    /// Every byte but unreserved ones as `%XX`.
    static func percentEncoded(_ text: String) -> String {
        var output = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                output.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                output += "%" + String(byte >> 4, radix: 16) + String(byte & 0xF, radix: 16)
            }
        }
        return output
    }
}
