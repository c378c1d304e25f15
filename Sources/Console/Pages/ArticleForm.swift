import EndpointCore
import Media
import Messages
import News
import RichText
import Routes
import Text

/// An article as the editor shows and sends it: every field as text, turned into the changes the
/// news writer checks (its limits are the writer's, as for every other writer of news).
struct ArticleForm {
    var title = ""
    var summary = ""
    var body = ""
    var categoryID: Int?
    var publicationTime = ""
    var expiryTime = ""
    var externalURL = ""
    var featured = false
    var format = TextFormat.markdown
    /// The article's image: a media library path or an address; empty for none.
    var image = ""
    /// The article's video: `video:<id>`; empty for none.
    var video = ""
    /// The article's address (`/news/<slug>`); nil until read (an article as stored, a form without it).
    var slug: String?
    /// The article's tags, their labels separated by commas; nil until read (as ``slug``).
    var tags: String?
    /// The image shared links show: `media:<id>`, a media library path or an address; empty for the article's.
    var socialImage = ""
    /// The plain text fields the editor shows (``shownTexts``), by name.
    var texts: [String: String] = [:]
    /// The gallery, one image a line: `address | caption | credit`.
    var gallery = ""
    /// The categories the article is also listed in besides its own; nil until read (an article as
    /// stored leaves them to its store).
    var otherCategoryIDs: Set<Int>?

    init() {}

    /// The fields of `article` as it is stored at `now`. A draft's publication time is shown only when
    /// someone set it ahead (scheduled): the one its first save stamped is not a choice, and publishing
    /// the draft means now.
    init(_ article: NewsArticle, now: Int) {
        self.title = article.title
        self.summary = article.summary
        self.body = article.article
        self.categoryID = article.categoryID
        self.publicationTime = article.validated || article.addDate > now ? ConsoleTime.text(article.addDate) : ""
        self.expiryTime = article.expiresAt.map(ConsoleTime.text) ?? ""
        self.externalURL = article.externalURL
        self.featured = article.featured
        self.format = article.format
        self.image = article.image
        self.video = article.videoID.map(VideoLinks.reference) ?? ""
        self.socialImage = article.socialImage
        for field in Self.shownTexts { self.texts[field.name] = article[keyPath: field.stored] }
        self.gallery = Self.galleryLines(article.gallery)
    }

    /// The fields a form sent, for an article written in `format`.
    init(_ form: [String: String], format: TextFormat) {
        self.title = (form["title"] ?? "").trimmingWhitespace
        self.summary = form["summary"] ?? ""
        self.body = form["body"] ?? ""
        self.categoryID = form["category"].flatMap { Int($0) }
        self.publicationTime = (form["publication_time"] ?? "").trimmingWhitespace
        self.expiryTime = (form["expiry_time"] ?? "").trimmingWhitespace
        self.externalURL = (form["external_url"] ?? "").trimmingWhitespace
        self.featured = form["featured"] == "1"
        self.format = format
        self.image = (form["image"] ?? "").trimmingWhitespace
        self.video = (form["video"] ?? "").trimmingWhitespace
        self.socialImage = (form["social_image"] ?? "").trimmingWhitespace
        self.slug = form["slug"]?.trimmingWhitespace
        self.tags = form["tags"]
        for field in Self.shownTexts { self.texts[field.name] = (form[field.name] ?? "").trimmingWhitespace }
        self.gallery = form["gallery"] ?? ""
        self.otherCategoryIDs = Set(form.compactMap { $0.value == "1" && $0.key.hasPrefix(Self.alsoIn) ? Int($0.key.dropFirst(Self.alsoIn.count)) : nil })
    }

    /// Whether the editor's form has a field called `name`, which ``init(_:format:)`` reads: what a
    /// kept draft holds (as typed: the form reads it as it reads the form).
    static func isField(_ name: String) -> Bool {
        Self.names.contains(name) || Self.shownTexts.contains { $0.name == name }
            || (name.hasPrefix(Self.alsoIn) && Int(name.dropFirst(Self.alsoIn.count)) != nil)
    }

    /// The names of the form's fields other than its shown texts and categories.
    private static let names: Set<String> = [
        "title", "summary", "body", "category", "publication_time", "expiry_time", "external_url", "featured", "format", "image", "social_image",
        "video", "gallery", "slug", "tags",
    ]

    /// The article's plain text fields the editor shows: those with a label.
    static let shownTexts = ArticleTextField.all.filter { $0.label != nil }

    /// The fields as the writer names them in a refusal, as the editor labels them.
    private static let labels: [String: MessageID] = [
        "label": .title, "summary": .newsSummary, "article": .body, "image": .consoleArticleImage, "video": .consoleArticleVideo,
        "external_url": .consoleExternalURL, "social_image": .consoleSocialImage, "slug": .consoleSlug, "tags": .tags,
        ArticleFieldCheck.gallery: .gallery, "category": .category,
    ].merging(Self.shownTexts.compactMap { field in field.label.map { (field.name, $0) } }) { fixed, _ in fixed }

    /// `refusal`'s sentence in `messages`' language, a field it names called as the editor labels it.
    static func said(_ refusal: ConsoleRefusal, messages: MessageCatalog) -> String {
        var arguments = refusal.error.arguments
        if let first = arguments.first, let label = Self.labels[first] { arguments[0] = messages.text(label) }
        return messages.text(refusal.error.message, arguments)
    }

    /// The name of the box saying the article is also listed in a category, before its ID.
    static let alsoIn = "also_in_"

    /// The edit the fields make of the article at version `basedOn` (nil for a new one), publishing
    /// it when `validated` says so; an unreadable field is refused with its sentence (naming the field
    /// in `messages`' language; the editor refuses the rest, ``said(_:messages:)``). An empty
    /// publication time is `now` for a new article or one being published, and unchanged for a draft
    /// saved again.
    func edit(validated: Bool, basedOn: String?, now: Int, messages: MessageCatalog) throws(Refusal) -> ArticleEdit {
        guard !self.title.isEmpty else { throw .invalid(.consoleTitleRequired) }
        guard let category = self.categoryID else { throw .invalid(.consoleNoSuchCategory) }
        var edit = ArticleEdit()
        edit.basedOn = basedOn
        edit.gallery = self.galleryJSON
        edit.video = self.video
        edit.slug = self.slug
        edit.tags = self.tags?.commaSeparatedItems
        edit.otherCategories = self.otherCategoryIDs ?? []
        var changes = NewsArticleChanges()
        changes.title = self.title
        changes.summary = self.summary
        changes.article = self.body
        changes.categoryID = category
        changes.externalURL = self.externalURL
        changes.featured = self.featured
        changes.image = self.image
        changes.socialImage = self.socialImage
        for field in Self.shownTexts { changes[keyPath: field.change] = self.texts[field.name] ?? "" }
        changes.validated = validated
        changes.format = self.format
        if !self.publicationTime.isEmpty {
            guard let time = ConsoleTime.parse(self.publicationTime) else { throw .invalid(.consoleBadTime, messages.text(.publicationTime)) }
            changes.addDate = time
        } else if basedOn == nil || validated {
            changes.addDate = now
        }
        if self.expiryTime.isEmpty {
            changes.expiresAt = .some(nil)
        } else {
            guard let time = ConsoleTime.parse(self.expiryTime) else { throw .invalid(.consoleBadTime, messages.text(.consoleExpiryTime)) }
            changes.expiresAt = .some(time)
        }
        edit.changes = changes
        return edit
    }

    /// The gallery the lines give, as `commandr_fs` takes one (`[{url, caption, credit}]`); an empty
    /// line is skipped.
    var galleryJSON: JSONValue {
        .array(
            self.gallery.split(whereSeparator: \.isNewline).compactMap { line in
                let parts = line.split(separator: "|", maxSplits: 2, omittingEmptySubsequences: false).map { String($0).trimmingWhitespace }
                guard let url = parts.first, !url.isEmpty else { return nil }
                return .object([
                    ("url", .string(url)), ("caption", .string(parts.count > 1 ? parts[1] : "")), ("credit", .string(parts.count > 2 ? parts[2] : "")),
                ])
            })
    }

    /// A library video as the editor offers it: its poster's thumbnail, its name, chosen or not.
    func videoChoice(_ shown: ShownVideo) -> [String: Any] {
        let reference = VideoLinks.reference(shown.video.id)
        var choice: [String: Any] = ["id": "video-\(shown.video.id)", "value": reference, "label": shown.video.name, "selected": self.video == reference]
        if let poster = shown.poster(.square(75)) { choice["thumbnail"] = poster.target }
        return choice
    }

    /// A stored gallery as the editor's lines.
    static func galleryLines(_ stored: String) -> String {
        guard case .array(let entries)? = JSONValue(parsing: stored) else { return "" }
        return entries.compactMap { entry -> String? in
            guard case .string(let url)? = entry["url"] else { return nil }
            let words = ["caption", "credit"].map { key -> String in if case .string(let text)? = entry[key] { text } else { "" } }
            var parts = [url] + words
            while parts.count > 1, parts.last == "" { parts.removeLast() }
            return parts.joined(separator: " | ")
        }.joined(separator: "\n")
    }

    /// The fields as the editor's template reads them, the plain text fields labelled in `messages`'
    /// language.
    func context(_ messages: MessageCatalog) -> [String: Any] {
        [
            "title": self.title, "summary": self.summary, "body": self.body, "publicationTime": self.publicationTime,
            "expiryTime": self.expiryTime, "externalURL": self.externalURL, "featured": self.featured, "gallery": self.gallery, "socialImage": self.socialImage,
            "slug": self.slug ?? "", "tags": self.tags ?? "",
            "texts": Self.shownTexts.map { field in
                [
                    "name": field.name, "label": field.label.map { messages.text($0) } ?? field.name, "maximum": field.maximum,
                    "value": self.texts[field.name] ?? "",
                ]
            },
        ]
    }
}
