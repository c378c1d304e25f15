import Messages
import Mustache
import News
import Routes

/// Renders the console's pages for one request: a page's own template inside the layout (the menu,
/// the signed-in member, the title, a notice or error), in the request's language. Every value is
/// HTML-escaped by Mustache; only HTML this server wrote (a page's rendered body, the allowlisted
/// rendering of an article) is inserted as it is.
struct ConsoleView {
    let messages: MessageCatalog
    let siteName: String
    let staff: ConsoleStaff?

    /// The page `template` renders from `context`, titled `title`, under the menu item `section`.
    func page(
        _ template: ConsoleTemplates.Name, title: String, section: ConsoleRoute? = nil, context: [String: Any] = [:], notice: String? = nil,
        error: String? = nil, status: Int = 200, cookies: [String] = []
    ) -> ConsoleAnswer {
        var inner = context
        inner["t"] = self.labels
        inner["paths"] = Self.paths
        if let staff {
            inner["formToken"] = staff.formToken
            inner["username"] = staff.username
        }
        var layout: [String: Any] = [
            "language": self.messages.tag, "title": title, "site": self.siteName, "t": self.labels, "paths": Self.paths,
            "content": ConsoleTemplates.render(template, inner),
        ]
        if let notice { layout["notice"] = notice }
        if let error { layout["error"] = error }
        if let staff {
            layout["staff"] = [
                "formToken": staff.formToken, "signedInAs": self.messages.text(.consoleSignedInAs, staff.username),
                "menu": self.menu(for: staff, current: section),
            ]
        }
        return ConsoleAnswer(status: status, body: .html(ConsoleTemplates.render(.layout, layout)), cookies: cookies)
    }

    /// The sections `staff` may open, the current one marked.
    private func menu(for staff: ConsoleStaff, current: ConsoleRoute?) -> [[String: Any]] {
        let sections: [(ConsoleRoute, MessageID)] = [
            (.dashboard, .consoleDashboard), (.articles, .consoleArticles), (.media, .consoleMedia), (.tags, .tags), (.galleries, .galleries),
            (.messages, .consoleMessages),
            (.push, .consolePush), (.app, .consoleApp), (.settings, .consoleSettings), (.members, .members), (.groups, .usergroups),
        ].filter { (staff.isAdministrator || !Console.isForAdministrators($0.0)) && (![.tags, .galleries].contains($0.0) || staff.standing.editsAll) }
        return sections.map { route, label in ["path": route.path, "label": self.messages.text(label), "current": route == current] }
    }

    /// The console's words by their case names (`{{t.logIn}}`), in this language.
    private var labels: [String: String] {
        var labels: [String: String] = [:]
        for id in MessageID.allCases where id.isConsoleText { labels[String(describing: id)] = self.messages.text(id) }
        return labels
    }

    /// The paths the templates link to and post to, printed by their routes.
    private static let paths: [String: String] = [
        "dashboard": ConsoleRoute.dashboard.path, "signIn": ConsoleRoute.signIn.path, "signOut": ConsoleRoute.signOut.path,
        "signOutEverywhere": ConsoleRoute.signOutEverywhere.path, "articles": ConsoleRoute.articles.path, "newArticle": ConsoleRoute.newArticle.path,
        "preview": ConsoleRoute.preview.path, "images": ConsoleRoute.images.path, "members": ConsoleRoute.members.path,
        "newMember": ConsoleRoute.newMember.path, "groups": ConsoleRoute.groups.path,
        "push": ConsoleRoute.push.path, "app": ConsoleRoute.app.path, "settings": ConsoleRoute.settings.path, "media": ConsoleRoute.media.path,
        "tags": ConsoleRoute.tags.path, "galleries": ConsoleRoute.galleries.path,
        "uploads": ConsoleRoute.uploads.path, "secondFactor": ConsoleRoute.secondFactor.path,
        "sortable": ConsoleRoute.asset(name: ConsoleAssets.sortable).path,
        "styleSheet": ConsoleRoute.asset(name: ConsoleAssets.styleSheet).path, "script": ConsoleRoute.asset(name: ConsoleAssets.script).path,
        "icon": ConsoleRoute.asset(name: ConsoleAssets.icon).path,
    ]
}
