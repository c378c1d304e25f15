import EndpointCore
import Foundation
import Messages
import News
import Routes
import Storage

/// The Floki app (administrators): its tabs in order — moved with buttons, or dragged with Debian's
/// Sortable —, kept as an order over the app generated from the site (so new categories and
/// galleries still get their tabs); its whole definition as `var/floki/app` holds it, checked by the
/// same rules (``FlokiAppDefinition/init(parsing:categoryIDs:)``), which once written no longer
/// follows the site; a way back to the generated app; and a preview of the tab bar and the first
/// screen made from the app data the apps are served. A change is written as commandr_fs writes it and
/// forgotten likewise, so the version indicator's `v` changes with it.
struct ConsoleFlokiApp: Sendable {
    let database: Database
    let news: NewsResponder
    let clock: SiteClock

    func answer(_ request: ConsoleRequest, _ staff: ConsoleStaff, _ view: ConsoleView) async throws -> ConsoleAnswer {
        guard request.method == .post else {
            return try await self.page(view, notice: request.query.first("saved") == "1" ? view.messages.text(.success) : nil)
        }
        let now = self.clock.now
        do {
            try await self.database.transaction { connection in
                let current = try await FlokiAppDefinition.read(now: now, on: connection)
                switch try await self.change(current.definition, current.origin, by: request.form, on: connection) {
                case .written(let definition): try await FlokiAppStore.save(definition.json.serialized, by: staff.memberID, at: now, on: connection)
                case .ordered(let order): try await FlokiAppStore.saveTabOrder(order, by: staff.memberID, at: now, on: connection)
                case .generated: try await FlokiAppStore.remove(on: connection)
                }
                try await ConsoleChangeStore.record(
                    ConsoleChange(memberID: staff.memberID, username: staff.username, action: .appChanged, subject: "app", madeAt: now), on: connection)
            }
        } catch {
            guard let refusal = ConsoleRefusal(error) else { throw error }
            return try await self.page(view, definition: request.form["definition"], error: refusal.sentence(view.messages), status: refusal.status)
        }
        return .redirect(to: ConsoleRoute.app.target([("saved", "1")]))
    }

    /// What a change of the app keeps.
    private enum Change {
        /// A whole definition, written by hand: the site's new tabs are no longer added.
        case written(FlokiAppDefinition)
        /// The generated app's tabs in this order, new ones at the end.
        case ordered([Int])
        /// The generated app, in its own order.
        case generated
    }

    /// What `form` asks of `current` (which comes from `origin`): a tab moved up or down or the tabs
    /// in a new order (kept as an order over the generated app, unless the app is written whole), a
    /// whole new definition, or the generated app again.
    private func change(_ current: FlokiAppDefinition, _ origin: FlokiAppDefinition.Origin, by form: [String: String], on connection: StoreConnection)
        async throws -> Change
    {
        var order = current.tabIDs
        switch form["action"] {
        case "up", "down":
            guard let id = form["tab"].flatMap({ Int($0) }), let at = order.firstIndex(of: id) else { throw Refusal.malformed(.improperlyFilledIn) }
            let to = form["action"] == "up" ? at - 1 : at + 1
            if order.indices.contains(to) { order.swapAt(at, to) }
        case "order":
            order = (form["order"] ?? "").split(separator: ",").compactMap { Int($0) }
        case "definition":
            guard let json = JSONValue(parsing: form["definition"] ?? "") else { throw Refusal.invalid(.invalidPropertyData) }
            return .written(try await FlokiAppDefinition.written(json, on: connection))
        case "generated":
            return .generated
        default:
            throw Refusal.malformed(.improperlyFilledIn)
        }
        guard let reordered = current.reordered(order) else { throw Refusal.malformed(.improperlyFilledIn) }
        return origin == .written ? .written(reordered) : .ordered(reordered.tabIDs)
    }

    private func page(_ view: ConsoleView, definition text: String? = nil, notice: String? = nil, error: String? = nil, status: Int = 200)
        async throws -> ConsoleAnswer
    {
        let now = self.clock.now
        let (definition, origin) = try await self.database.withConnection { try await FlokiAppDefinition.read(now: now, on: $0) }
        let languages = [view.messages] + Languages.bundled.catalogs.filter { $0.languageCode != view.messages.languageCode }
        let app = try await self.news.flokiApp(languages: languages, maxAge: 0)
        let shown = Self.tabs(of: app, language: view.messages.tag.lowercased())
        let firstScreen = try await self.firstScreen(definition, now: now)
        let context: [String: Any] = [
            "tabs": shown.enumerated().map { index, tab in
                ["id": tab.id, "title": tab.title, "kind": tab.kind, "first": index == 0, "last": index == shown.count - 1]
            },
            "order": shown.map { String($0.id) }.joined(separator: ","),
            "bar": shown.prefix(shown.count > 5 ? 4 : 5).map(\.title) + (shown.count > 5 ? [view.messages.text(.consoleAppMore)] : []),
            "firstScreen": firstScreen,
            "definition": text ?? Self.pretty(definition.json.serialized),
            "version": app.version,
            "origin": view.messages.text(Self.said(origin)),
            "generated": origin == .generated,
        ]
        return view.page(.app, title: view.messages.text(.consoleApp), section: .app, context: context, notice: notice, error: error, status: status)
    }

    /// The sentence saying where the app comes from.
    private static func said(_ origin: FlokiAppDefinition.Origin) -> MessageID {
        switch origin {
        case .generated: .consoleAppGenerated
        case .ordered: .consoleAppOrdered
        case .written: .consoleAppWritten
        }
    }

    /// The tabs of the app data as the apps read them: ID, title in `language` (else the first
    /// language), class.
    private static func tabs(of app: FlokiApp, language: String) -> [(id: Int, title: String, kind: String)] {
        guard let data = JSONValue(parsing: app.appData), case .array(let tabs)? = data["tabs"], case .array(let langs)? = data["langs"] else {
            return []
        }
        let strings =
            langs.compactMap { entry -> JSONValue? in entry[language] }.first
            ?? langs.first.flatMap { entry in
                if case .object(let pairs) = entry { return pairs.first?.value }
                return nil
            }
        return tabs.compactMap { tab in
            guard case .int(let id)? = tab["unique_id"], case .string(let kind)? = tab["class_type"] else { return nil }
            var title = ""
            if case .int(let number)? = tab["long_title"], case .string(let text)? = strings?[String(number)] { title = text }
            return (id, title, kind.replacingOccurrences(of: "_view_controller", with: ""))
        }
    }

    /// The newest titles the first tab shows, when it is a news tab.
    private func firstScreen(_ definition: FlokiAppDefinition, now: Int) async throws -> [String] {
        guard case .object(let first)? = definition.json["tabs"].flatMap({ if case .array(let tabs) = $0 { tabs.first } else { nil } }),
            first.first(where: { $0.key == "class_type" })?.value == .string("News_view_controller")
        else { return [] }
        let category = first.first { $0.key == "category" }.flatMap { if case .int(let id) = $0.value { id } else { nil } }
        return try await self.database.withConnection { connection in
            try await NewsDesk.articles(NewsDesk.Filter(categoryID: category, state: .published, limit: 6), now: now, on: connection).entries.map(
                \.article.title)
        }
    }

    /// `json` indented for reading and editing.
    private static func pretty(_ json: String) -> String {
        guard let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)),
            let data = try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        else { return json }
        return String(decoding: data, as: UTF8.self)
    }
}
