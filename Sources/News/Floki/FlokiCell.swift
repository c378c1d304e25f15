import Media

/// The box, in points, a Floki tab draws an item's image in, and the thumbnail that fills it.
///
/// News cells are 30 points wide and as tall as the row less twice its padding (44 − 2 × 3 by
/// default); gallery cells are squares of the row height less twice the padding (79 − 2 × 2). A
/// double-resolution phone (`d=2`) draws two pixels a point.
struct FlokiCell: Equatable {
    var width: Int
    var height: Int

    static let news = FlokiCell(width: 30, height: 44 - 2 * 3)
    static let gallery = FlokiCell(width: 79 - 2 * 2, height: 79 - 2 * 2)

    /// The smallest square thumbnail, in points, that covers the cell without being scaled up (the
    /// largest there is when none does): thumbnails are center-cropped squares, as the protocol asks.
    /// A device drawing two pixels a point gets twice the pixels (``thumbnailPairs(on:)``).
    var squarePoints: Int {
        let needed = max(self.width, self.height)
        return MediaVersion.squareSizes.first { $0 >= needed } ?? MediaVersion.squareSizes[MediaVersion.squareSizes.count - 1]
    }

    /// The query fields of the thumbnail covering the cell on `device`.
    func thumbnailPairs(on device: DeviceClass) -> [(name: String, value: String)] {
        MediaVersion.squarePairs(points: self.squarePoints, on: device)
    }
}
