import Auth
import EndpointCore
import Messages
import Routes
import Storage

/// The settings (administrators): every config option the server declares, as a form field of its
/// kind, generated from the declarations (`ConfigOption.declared`, handed over by the server: never a
/// second list), each with what it does and its limits. Values are checked by the rule `/etc` uses
/// (``ConfigOptionRule``); nothing is saved unless all are right, and what changed is recorded.
struct ConsoleSettings: Sendable {
    let database: Database
    let clock: SiteClock
    let options: [ConfigOption]

    func answer(_ request: ConsoleRequest, _ staff: ConsoleStaff, _ view: ConsoleView) async throws -> ConsoleAnswer {
        let stored = try await self.stored()
        guard request.method == .post else {
            return self.page(view, values: stored, notice: request.query.first("saved") == "1" ? view.messages.text(.success) : nil)
        }
        var values = stored
        var checked: [(name: String, value: String)] = []
        var problems: [String: String] = [:]
        for option in self.options {
            let sent = request.form["option_" + option.name] ?? (option.kind == .flag ? "0" : nil)
            guard let sent else { continue }
            values[option.name] = sent
            do {
                let value = try ConfigOptionRule.check(sent, option: option.name, kind: option.kind)
                if value != stored[option.name] { checked.append((option.name, value)) }
            } catch {
                problems[option.name] = view.messages.text(error.message, error.arguments)
            }
        }
        guard problems.isEmpty else {
            return self.page(view, values: values, problems: problems, error: view.messages.text(.improperlyFilledIn), status: ConsoleRefusal.refusedStatus)
        }
        let now = self.clock.now
        try await self.database.transaction { connection in
            for (name, value) in checked {
                _ = try await ConfigStore.write(name, value: value, on: connection)
                try await ConsoleChangeStore.record(
                    ConsoleChange(memberID: staff.memberID, username: staff.username, action: .settingChanged, subject: name, madeAt: now), on: connection)
            }
        }
        return .redirect(to: ConsoleRoute.settings.target([("saved", "1")]))
    }

    /// The stored value of every declared option, its default where none is stored.
    private func stored() async throws -> [String: String] {
        let rows = try await self.database.withConnection { try await ConfigStore.all(on: $0) }
        var values = Dictionary(self.options.map { ($0.name, $0.defaultValue) }, uniquingKeysWith: { first, _ in first })
        for (name, value) in rows where values[name] != nil { values[name] = value }
        return values
    }

    private func page(
        _ view: ConsoleView, values: [String: String], problems: [String: String] = [:], notice: String? = nil, error: String? = nil, status: Int = 200
    ) -> ConsoleAnswer {
        let fields: [[String: Any]] = self.options.map { option in
            let value = values[option.name] ?? option.defaultValue
            var field: [String: Any] = [
                "name": option.name, "field": "option_" + option.name, "value": value, "summary": option.summary,
                "default": view.messages.text(.consoleSettingDefault, option.defaultValue.isEmpty ? "—" : option.defaultValue),
                "atStart": option.effect == .atStart,
            ]
            if let problem = problems[option.name] { field["problem"] = problem }
            switch option.kind {
            case .flag: field["flag"] = ["checked": value == "1"]
            case .integer(let range):
                field["number"] = ["min": range.lowerBound, "max": range.upperBound]
                field["limits"] = view.messages.text(.consoleSettingRange, view.messages.number(range.lowerBound), view.messages.number(range.upperBound))
            case .language:
                field["select"] = [
                    "choices": Languages.bundled.catalogs.map { ["value": $0.languageCode, "label": $0.name, "selected": $0.languageCode == value] }
                ]
            case .timezone: field["text"] = ["maximum": 100]
            case .text(let maximum), .list(let maximum):
                field[maximum > 300 ? "long" : "text"] = ["maximum": maximum]
                field["limits"] = view.messages.text(.consoleSettingLength, view.messages.number(maximum))
            }
            return field
        }
        return view.page(
            .settings, title: view.messages.text(.consoleSettings), section: .settings, context: ["fields": fields], notice: notice, error: error,
            status: status)
    }
}
