import EndpointCore
import Media
import News

/// An image as an imported article or category keeps it: one of the media library's (its path,
/// size, caption, credit and versions, as an image named `media:<id>` is written), or an address
/// elsewhere on the web, as it stands.
struct ImportedImage: Equatable {
    var url: String
    var width: Int?
    var height: Int?
    var caption = ""
    var credit = ""
    /// The versions the server makes, as an article's `image_variants` (JSON).
    var variants = "{}"

    init(url: String) {
        self.url = url
    }

    init(_ image: MediaRecord) {
        self.url = MediaLinks.path(of: image)
        self.width = image.width
        self.height = image.height
        self.caption = image.caption
        self.credit = image.credit
        self.variants = ArticleImages.variants(of: image).serialized
    }
}
