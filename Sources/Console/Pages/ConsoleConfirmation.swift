import Messages
import Routes

/// The page that asks before a change that cannot be taken back with one click (a ban, deleting an
/// image, logging out everywhere): the same form again with `confirmed=1`, the question, the button
/// that does it and the way back; a ban also asks why (recorded with it).
struct ConsoleConfirmation {
    var action: String
    var fields: [(name: String, value: String)]
    var question: String
    var confirmLabel: String
    var back: String
    var askReason = false

    /// Whether `request` is the confirmed form.
    static func isConfirmed(_ request: ConsoleRequest) -> Bool {
        request.form["confirmed"] == "1"
    }

    func page(_ view: ConsoleView, title: String, section: ConsoleRoute) -> ConsoleAnswer {
        view.page(
            .confirm, title: title, section: section,
            context: [
                "action": self.action, "fields": self.fields.map { ["name": $0.name, "value": $0.value] }, "question": self.question,
                "confirmLabel": self.confirmLabel, "back": self.back, "askReason": self.askReason,
            ])
    }
}
