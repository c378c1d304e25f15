import Media

extension FuzzTarget {
    /// An uploaded file: the bytes as they came (libvips' JPEG, PNG, WebP and GIF loaders behind
    /// ``InspectedImage``).
    ///
    /// Properties: an accepted upload is of the format its first bytes say, within the pixel limit,
    /// named by a 64-digit hash, and makes a thumbnail (what passed the checks decodes when a version
    /// is made); a refusal is one of the upload sentences.
    static let imageUpload = FuzzTarget(name: "image-upload") { input in
        let maximumPixels = 4_000_000
        let image: InspectedImage
        do throws(MediaFailure) {
            image = try InspectedImage.inspect(input, maximumBytes: 2_000_000, maximumPixels: maximumPixels)
        } catch .unsupportedType, .corrupt, .tooManyPixels, .nothingSent {
            return nil
        } catch {
            return "an upload refused with \(error)"
        }
        guard image.format == MediaFormat(sniffing: input) else { return "accepted as \(image.format), not what its bytes start like" }
        guard image.width > 0, image.height > 0, image.width * image.height <= maximumPixels else {
            return "accepted at \(image.width)×\(image.height)"
        }
        guard MediaLinks.isContentHash(image.contentHash) else { return "a content hash of the wrong shape: \(image.contentHash)" }
        guard let made = MediaCodec.make(input, width: 75, height: 75, crop: true, as: .png), made.width <= 75, made.height <= 75 else {
            return "an accepted upload made no thumbnail"
        }
        return nil
    }

    /// How administrators name images in articles (`image`, a gallery entry's `url`), and the version
    /// query of an image URL: the text, a newline, then `d` and `s` separated by `&` (either may be
    /// missing: no `&` is `d` alone, an empty part is absent).
    ///
    /// Properties: a reference is `media:<digits>` or a path whose hash segment has the hash's shape;
    /// a version is refused only for an `s` outside the sizes or both given.
    static let mediaReference = FuzzTarget(name: "media-reference") { input in
        let (first, rest) = input.splitAtFirstLine
        let text = first.lossyText
        switch MediaLinks.reference(text, publicURL: "https://example.com") {
        case .id?:
            guard text.hasPrefix("media:") else { return "an ID reference without media:" }
        case .contentHash(let hash)?:
            guard MediaLinks.isContentHash(hash), text.contains("/media/\(hash)/") else { return "a hash reference \(hash) from \(text.debugDescription)" }
        case nil:
            break
        }
        let parts = rest.lossyText.split(separator: "&", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let d = parts.first.flatMap { $0.isEmpty ? nil : $0 }
        let s = parts.count > 1 && !parts[1].isEmpty ? parts[1] : nil
        do {
            let version = try MediaVersion(d: d, s: s)
            if s != nil, case .square(let size) = version, !MediaVersion.squareSizes.contains(size) { return "a square of \(size)" }
        } catch {
            guard s != nil else { return "a version refused without s: \(error)" }
        }
        return nil
    }
}
