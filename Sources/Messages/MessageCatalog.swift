public import Foundation

/// A language's wording for every ``MessageID``.
///
/// Translating the server means adding one type conforming to this protocol and selecting it; no hook
/// or error site changes. ``template(for:)`` returns Composr-style templates: `{1}`, `{2}`… are
/// substitution slots and `{1|singular|plural}` picks a word form by the number in slot 1.
public protocol MessageCatalog: Sendable {
    /// The catalog's language, as a Composr language code (`EN`, `FR`, …).
    var languageCode: String { get }

    /// The template for `id`.
    func template(for id: MessageID) -> String

    /// Where month and weekday names and the AM/PM marks of dates come from (``DateWording``).
    var locale: Locale { get }

    /// What follows a day number in dates (strftime `%o`): "st" after 1 in English.
    func ordinalSuffix(_ number: Int) -> String
}

extension MessageCatalog {
    /// The sentence for `id` with its slots filled from `arguments` (slot `{1}` is `arguments[0]`).
    ///
    /// Slots without an argument stay as they are, as in Composr.
    public func text(_ id: MessageID, _ arguments: [String] = []) -> String {
        MessageTemplate(self.template(for: id)).render(arguments)
    }

    /// Variadic convenience for ``text(_:_:)-(_,[String])``.
    public func text(_ id: MessageID, _ arguments: String...) -> String {
        self.text(id, arguments)
    }
}
