/// An uploaded image as stored: what it is (its bytes' hash, type and upright size) and what
/// administrators say about it. The bytes themselves are read only when a version is made
/// (``MediaStore/original(id:on:)``).
public struct MediaRecord: Sendable, Equatable {
    public var id: Int
    /// SHA-256 of the original bytes, hex: the image's identity and part of its URLs.
    public var contentHash: String
    /// The name it was uploaded as, without its extension (its label).
    public var name: String
    /// `jpeg`, `png`, `webp` or `gif`.
    public var mediaType: String
    /// The size as shown, once the EXIF orientation is applied.
    public var width: Int
    public var height: Int
    public var hasAlpha: Bool
    public var byteCount: Int
    public var caption: String
    public var credit: String
    public var altText: String
    public var addedBy: Int?
    public var addedAt: Int

    public init(
        id: Int, contentHash: String, name: String, mediaType: String, width: Int, height: Int, hasAlpha: Bool, byteCount: Int,
        caption: String = "", credit: String = "", altText: String = "", addedBy: Int?, addedAt: Int
    ) {
        self.id = id
        self.contentHash = contentHash
        self.name = name
        self.mediaType = mediaType
        self.width = width
        self.height = height
        self.hasAlpha = hasAlpha
        self.byteCount = byteCount
        self.caption = caption
        self.credit = credit
        self.altText = altText
        self.addedBy = addedBy
        self.addedAt = addedAt
    }
}

/// What an administrator may change about an image; nil leaves a property as it is.
public struct MediaChanges: Sendable, Equatable {
    public var caption: String?
    public var credit: String?
    public var altText: String?

    public init(caption: String? = nil, credit: String? = nil, altText: String? = nil) {
        self.caption = caption
        self.credit = credit
        self.altText = altText
    }
}
