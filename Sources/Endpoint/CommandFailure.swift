import Auth
import Messages

/// A command-line failure whose message is meant for the operator as is (no stack, no type names).
struct CommandFailure: Error, CustomStringConvertible, Equatable {
    let description: String

    init(_ description: String) {
        self.description = description
    }

    /// An account flow's refusal, in the catalog's words.
    init(_ failure: AccountFailure, messages: MessageCatalog = MessageCatalog.english) {
        self.init(messages.text(failure.message, failure.arguments))
    }

    /// A taken username or address, worded for an administrator.
    init(_ conflict: MemberRegistration.Conflict, messages: MessageCatalog = MessageCatalog.english) {
        switch conflict {
        case .username: self.init(messages.text(.usernameAlreadyExists))
        case .email: self.init(messages.text(.emailAddressInUse))
        }
    }
}
