import EndpointCore
import Hooks

extension FuzzTarget {
    /// A `content/commandr_fs` path, as the `id` parameter gives it.
    ///
    /// Properties: a refusal is a 400; an accepted path has no empty, `.`, `..` or hidden segment and
    /// reads back as itself.
    static let commandrPath = FuzzTarget(name: "commandr-path") { input in
        let path: CommandrPath
        do throws(EndpointError) {
            path = try CommandrPath(id: input.lossyText)
        } catch {
            return error.status == 400 ? nil : "refused with status \(error.status)"
        }
        if path.segments.contains(where: { $0.isEmpty || $0.utf8.first == UInt8(ascii: ".") || $0.utf8.contains(UInt8(ascii: "/")) }) {
            return "a segment escapes normalisation: \(path.segments)"
        }
        guard let again = try? CommandrPath(id: path.description), again == path else {
            return "the normalised path does not read back as itself: \(path)"
        }
        return nil
    }
}
