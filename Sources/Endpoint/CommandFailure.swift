/// A command-line failure whose message is meant for the operator as is (no stack, no type names).
struct CommandFailure: Error, CustomStringConvertible, Equatable {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
