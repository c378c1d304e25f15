/// Renders a Composr language-string template.
///
/// Kept apart from the catalogs so that every language shares one definition of the slot syntax:
/// `{n}` is replaced by the n-th argument (1-based); `{n|one|many}` becomes `one` when argument n is
/// the number 1 and `many` otherwise. Unknown or unfilled slots are left literally, as Composr does.
struct MessageTemplate {
    private let template: String

    init(_ template: String) {
        self.template = template
    }

    func render(_ arguments: [String]) -> String {
        var output = ""
        var rest = Substring(self.template)
        while let open = rest.firstIndex(of: "{") {
            output += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else {
                rest = rest[open...]
                break
            }
            let slot = rest[rest.index(after: open)..<close]
            output += self.fill(slot, arguments) ?? String(rest[open...close])
            rest = rest[rest.index(after: close)...]
        }
        return output + rest
    }

    private func fill(_ slot: Substring, _ arguments: [String]) -> String? {
        let parts = slot.split(separator: "|", omittingEmptySubsequences: false)
        guard let number = Int(parts[0]), number >= 1, number <= arguments.count else { return nil }
        let argument = arguments[number - 1]
        switch parts.count {
        case 1:
            return argument
        case 3:
            return Int(argument) == 1 ? String(parts[1]) : String(parts[2])
        default:
            return nil
        }
    }
}
