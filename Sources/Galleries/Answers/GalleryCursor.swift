import Text

/// Where a page of a gallery's items ended, bound to the gallery: `galleries/<name>?cursor=…`
/// continues the same gallery, and another gallery's cursor is refused rather than mixing lists.
struct GalleryCursor: Equatable {
    var galleryID: Int
    var after: GalleryItemStore.Position

    var token: String {
        OpaqueToken.encode(["g1", String(self.galleryID), String(self.after.position), String(self.after.id)])
    }

    init(galleryID: Int, after: GalleryItemStore.Position) {
        self.galleryID = galleryID
        self.after = after
    }

    init?(token: String) {
        guard let fields = OpaqueToken.decode(token), fields.count == 4, fields[0] == "g1", let galleryID = Int(fields[1]), galleryID > 0,
            let position = Int(fields[2]), let id = Int(fields[3]), id > 0
        else { return nil }
        self.init(galleryID: galleryID, after: GalleryItemStore.Position(position: position, id: id))
    }
}
