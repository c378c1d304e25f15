/// A page of the web console, under `/admin`: parsed from the path's segments after `admin` and
/// printed back by ``path``, so every link and form action the console prints names the page that
/// answers it.
public enum ConsoleRoute: Hashable, Sendable {
    /// `/admin`: the dashboard.
    case dashboard
    /// `/admin/sign-in`: the sign-in form and its submission.
    case signIn
    /// `/admin/sign-out`: ends this browser's console session (POST).
    case signOut
    /// `/admin/sign-out-everywhere`: ends every session of the signed-in member (POST).
    case signOutEverywhere
    /// `/admin/second-factor`: the signed-in member's two-factor sign-in: set up, turned off.
    case secondFactor
    /// `/admin/articles`: the articles, with search, category, state and page in the query.
    case articles
    /// `/admin/articles/new`: the editor for a new article.
    case newArticle
    /// `/admin/articles/<ID>`: an article's editor.
    case article(id: Int)
    /// `/admin/articles/<ID>/delete`: the confirmation, and the deletion (POST).
    case deleteArticle(id: Int)
    /// `/admin/articles/<ID or new>/reader`: the member's draft of an article (nil: a new one) as its
    /// readers will see it, at a phone's and a desktop's width, and its share links.
    case readerPreview(id: Int?)
    /// `/admin/articles/<ID or new>/reader/page`: that page itself, as the preview frames it.
    case readerFrame(id: Int?)
    /// `/admin/preview`: the server's rendering of a body being written (POST).
    case preview
    /// `/admin/images`: an image dropped or pasted into the editor, put in the media library (POST).
    case images
    /// `/admin/members`: the members, with search and page in the query (administrators).
    case members
    /// `/admin/members/new`: adding a member (administrators).
    case newMember
    /// `/admin/members/<ID>`: a member's page and its actions (administrators).
    case member(id: Int)
    /// `/admin/messages`: the contact messages, newest first (administrators).
    case messages
    /// `/admin/messages/<ID>`: a contact message, its states and the reply (administrators).
    case message(id: Int)
    /// `/admin/push`: composing a push notification, its review, and its deliveries (administrators).
    case push
    /// `/admin/app`: the Floki app's tabs, their order and definition, and its preview (administrators).
    case app
    /// `/admin/settings`: every declared config option as a form field (administrators).
    case settings
    /// `/admin/tags`: the site's tags, renamed, merged and deleted (editors).
    case tags
    /// `/admin/galleries`: the site's galleries as a tree, and a new one (editors).
    case galleries
    /// `/admin/galleries/<name>`: a gallery, its words, place and items (editors).
    case gallery(name: String)
    /// `/admin/media`: the media library, its uploads and deletions.
    case media
    /// `/admin/groups`: the usergroups, and which of them edit news (administrators).
    case groups
    /// `/admin/uploads`: where the media page creates resumable video uploads (the tus protocol, with
    /// the console's session).
    case uploads
    /// `/admin/uploads/<token>`: one of them (tokens are hexadecimal).
    case upload(token: String)
    /// `/admin/assets/<name>`: the console's style sheet and scripts.
    case asset(name: String)

    /// The first segment of every console path.
    public static let root = "admin"

    /// The route `segments` (after `admin`, a trailing empty one dropped) name; nil for none.
    public init?(segments: [Substring]) {
        switch segments.count {
        case 0: self = .dashboard
        case 1:
            switch segments[0] {
            case "sign-in": self = .signIn
            case "sign-out": self = .signOut
            case "sign-out-everywhere": self = .signOutEverywhere
            case "articles": self = .articles
            case "second-factor": self = .secondFactor
            case "preview": self = .preview
            case "images": self = .images
            case "members": self = .members
            case "groups": self = .groups
            case "messages": self = .messages
            case "push": self = .push
            case "app": self = .app
            case "settings": self = .settings
            case "media": self = .media
            case "tags": self = .tags
            case "galleries": self = .galleries
            case "uploads": self = .uploads
            default: return nil
            }
        case 2:
            switch (segments[0], segments[1]) {
            case ("articles", "new"): self = .newArticle
            case ("members", "new"): self = .newMember
            case ("articles", let id):
                guard let id = Self.id(id) else { return nil }
                self = .article(id: id)
            case ("members", let id):
                guard let id = Self.id(id) else { return nil }
                self = .member(id: id)
            case ("messages", let id):
                guard let id = Self.id(id) else { return nil }
                self = .message(id: id)
            case ("galleries", let name) where !name.isEmpty: self = .gallery(name: PathSegment.decode(name))
            case ("assets", let name) where Self.isAssetName(name): self = .asset(name: String(name))
            case ("uploads", let token) where !token.isEmpty && token.allSatisfy(\.isHexDigit): self = .upload(token: String(token))
            default: return nil
            }
        case 3:
            guard segments[0] == "articles" else { return nil }
            switch segments[2] {
            case "delete":
                guard let id = Self.id(segments[1]) else { return nil }
                self = .deleteArticle(id: id)
            case "reader":
                guard let id = Self.article(segments[1]) else { return nil }
                self = .readerPreview(id: id)
            default: return nil
            }
        case 4:
            guard segments[0] == "articles", segments[2] == "reader", segments[3] == "page", let id = Self.article(segments[1]) else { return nil }
            self = .readerFrame(id: id)
        default:
            return nil
        }
    }

    /// The route's path.
    public var path: String {
        let base = "/" + Self.root
        return switch self {
        case .dashboard: base
        case .signIn: base + "/sign-in"
        case .signOut: base + "/sign-out"
        case .signOutEverywhere: base + "/sign-out-everywhere"
        case .articles: base + "/articles"
        case .secondFactor: base + "/second-factor"
        case .newArticle: base + "/articles/new"
        case .article(let id): base + "/articles/\(id)"
        case .deleteArticle(let id): base + "/articles/\(id)/delete"
        case .readerPreview(let id): base + "/articles/" + (id.map(String.init) ?? "new") + "/reader"
        case .readerFrame(let id): base + "/articles/" + (id.map(String.init) ?? "new") + "/reader/page"
        case .preview: base + "/preview"
        case .images: base + "/images"
        case .members: base + "/members"
        case .newMember: base + "/members/new"
        case .member(let id): base + "/members/\(id)"
        case .groups: base + "/groups"
        case .messages: base + "/messages"
        case .push: base + "/push"
        case .app: base + "/app"
        case .settings: base + "/settings"
        case .media: base + "/media"
        case .tags: base + "/tags"
        case .galleries: base + "/galleries"
        case .gallery(let name): base + "/galleries/" + FormURLEncoding.encodeSegment(name)
        case .uploads: base + "/uploads"
        case .upload(let token): base + "/uploads/" + token
        case .message(let id): base + "/messages/\(id)"
        case .asset(let name): base + "/assets/" + name
        }
    }

    /// The route's path with a query of `pairs` (none when empty).
    public func target(_ pairs: [(name: String, value: String)]) -> String {
        SiteRoute.console(self, query: RouteQuery(pairs)).target
    }

    /// A positive decimal ID without sign or leading zeros (one spelling per page).
    private static func id(_ segment: Substring) -> Int? {
        guard let first = segment.first, first != "0", segment.allSatisfy(\.isASCIIDigit), let id = Int(segment) else { return nil }
        return id
    }

    /// An article's segment: its ID, or `new` (`.some(nil)`) for one not yet saved; nil for neither.
    private static func article(_ segment: Substring) -> Int?? {
        segment == "new" ? .some(nil) : Self.id(segment).map { .some($0) }
    }

    /// An asset's name: letters, digits, `-` and one `.` before its extension (never a path).
    private static func isAssetName(_ name: Substring) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 2 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isASCIIDigit || $0.isASCIILetter || $0 == "-" } }
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { self.isASCII && self.isNumber }
    fileprivate var isASCIILetter: Bool { self.isASCII && self.isLetter }
}
