/// What an address of the Composr site this server replaced names in its galleries module: a
/// gallery (`type=browse`, by name; `root` when none is given), or an entry — an image or a video,
/// which Composr numbers apart — by ID.
public enum ComposrGalleryAddress: Hashable, Sendable {
    case gallery(name: String)
    case image(id: Int)
    case video(id: Int)

    /// The address Composr's `type` and `id` make; nil for another type, or an entry without a
    /// positive ID.
    init?(type: String, id: String?) {
        switch type {
        case "browse":
            let name = id ?? "root"
            guard !name.isEmpty else { return nil }
            self = .gallery(name: name)
        case "image", "video":
            guard let id, id.utf8.count <= 18, let number = Int(id), number > 0 else { return nil }
            self = type == "image" ? .image(id: number) : .video(id: number)
        default:
            return nil
        }
    }

    /// Composr's short form: `browse/<name>`, `image/<id>`, `video/<id>` (below `/galleries/`).
    var segments: [String] {
        switch self {
        case .gallery(let name): ["browse", name]
        case .image(let id): ["image", String(id)]
        case .video(let id): ["video", String(id)]
        }
    }
}
