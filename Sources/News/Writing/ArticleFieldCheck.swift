import EndpointCore
import Messages
import Text

/// The one check of an article's texts against ``NewsFieldLimits``, made by ``ArticleWriter`` for
/// every writer (commandr_fs, the console, the news clock): a field over its limit is refused with
/// `ENDPOINT_FIELD_TOO_LONG`, naming the field as commandr_fs's properties name it (a face that shows
/// the field by another name maps it, as the console does), and nothing is written.
package enum ArticleFieldCheck {
    /// An article's text field: its name, its limit in Unicode scalars, where `changes` hold it.
    package struct Field: Sendable {
        package let name: String
        package let maximum: Int
        let value: @Sendable (NewsArticleChanges) -> String?
    }

    /// The texts with rules of their own beside their limit, then the plain ones (``ArticleTextField/all``).
    package static let fields: [Field] =
        [
            Field(name: "label", maximum: NewsFieldLimits.title) { $0.title },
            Field(name: "summary", maximum: NewsFieldLimits.summary) { $0.summary },
            Field(name: "article", maximum: NewsFieldLimits.body) { $0.article },
            Field(name: "image", maximum: NewsFieldLimits.address) { $0.image },
            Field(name: "external_url", maximum: NewsFieldLimits.address) { $0.externalURL },
            Field(name: "social_image", maximum: NewsFieldLimits.address) { $0.socialImage },
        ]
        + ArticleTextField.all.map { text in Field(name: text.name, maximum: text.maximum) { $0[keyPath: text.change] } }

    /// The name under which a gallery entry's address, caption or credit over its limit is refused.
    package static let gallery = "gallery"

    /// Refuses `changes` (of an article titled `title` when they give no title) at the first field
    /// over its limit; a gallery entry's address, caption and credit have an image's limits.
    static func check(_ changes: NewsArticleChanges, title: String? = nil) throws(Refusal) {
        var changes = changes
        if changes.title == nil { changes.title = title }
        for field in Self.fields {
            if let text = field.value(changes), !TextLength.fits(text, atMost: field.maximum) {
                throw .invalid(.fieldTooLong, field.name, String(field.maximum))
            }
        }
        guard let gallery = changes.gallery, case .array(let entries)? = JSONValue(parsing: gallery) else { return }
        for entry in entries {
            for (key, maximum) in [("url", NewsFieldLimits.address), ("caption", NewsFieldLimits.imageText), ("credit", NewsFieldLimits.imageText)] {
                if case .string(let text)? = entry[key], !TextLength.fits(text, atMost: maximum) {
                    throw .invalid(.fieldTooLong, Self.gallery, String(maximum))
                }
            }
        }
    }
}
