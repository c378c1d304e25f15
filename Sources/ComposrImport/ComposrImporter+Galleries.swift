import Galleries
import Media
import Messages
import Storage
import Text

/// Composr's galleries module: the tree of galleries (Composr's names kept, `root` at the top) and
/// their images, through ``GalleryEditor`` as every other change to galleries. An entry's file comes
/// into the media library (`--files`); the entry becomes an item of its gallery with its title (else
/// its description) as caption, its submitter, its date and its validation, and is kept by Composr's
/// kind and ID (``GalleryComposrStore``) so a run again leaves it and old links find it. A gallery of
/// the same name here already is the import's own; a file not found is reported, never a failure.
extension ComposrImporter {
    /// The galleries, each after the gallery holding it (one whose parent is not in the dump goes to
    /// the top, reported; a loop of parents is left out, reported).
    func galleries(_ site: ComposrSite, _ images: inout ComposrImages?, _ report: inout ImportReport, on connection: StoreConnection) async throws {
        let names = Set(site.galleries.map(\.name))
        var placed: Set<String> = []
        var waiting = site.galleries.sorted { ($0.addDate, $0.name) < ($1.addDate, $1.name) }
        while !waiting.isEmpty {
            let ready = waiting.filter { $0.parentName.isEmpty || !names.contains($0.parentName) || placed.contains($0.parentName) }
            // What is left is a loop of parents, which Composr does not make: each is tried, and left out
            // with the sentence saying its parent is not here.
            for gallery in ready.isEmpty ? waiting : ready {
                try await self.gallery(gallery, parentKnown: names.contains(gallery.parentName), &images, &report, on: connection)
                placed.insert(gallery.name)
            }
            waiting.removeAll { placed.contains($0.name) }
        }
    }

    private func gallery(
        _ gallery: ComposrGallery, parentKnown: Bool, _ images: inout ComposrImages?, _ report: inout ImportReport, on connection: StoreConnection
    ) async throws {
        guard try await GalleryStore.gallery(named: gallery.name, on: connection) == nil else {
            report.add(.galleries, .alreadyHere)
            return
        }
        let owner = "gallery \(gallery.name)"
        var parent = gallery.parentName.isEmpty ? nil : gallery.parentName
        if let named = parent, !parentKnown {
            report.note("\(owner): its parent \(named) is not in the dump; it is at the top")
            parent = nil
        }
        let cover = try await Self.cover(gallery.image, for: owner, &images, &report, on: connection)
        let title = TextLength.prefix(gallery.title.isEmpty ? gallery.name : gallery.title, GalleryText.titleMaximum)
        let changes = GalleryEditor.Changes(
            name: gallery.name, title: title, description: TextLength.prefix(gallery.description, GalleryText.descriptionMaximum), parent: .some(parent),
            coverMediaID: .some(cover))
        do {
            try await GalleryEditor.create(changes, on: connection, now: gallery.addDate)
            report.add(.galleries, .imported)
        } catch let refusal as Refusal {
            report.add(.galleries, .leftOut)
            report.note("\(owner): \(MessageCatalog.english.text(refusal.message, refusal.arguments))")
        }
    }

    /// The library image `reference` names, for a gallery's cover; nil for none, or one not brought
    /// over (reported).
    private static func cover(
        _ reference: String, for owner: String, _ images: inout ComposrImages?, _ report: inout ImportReport, on connection: StoreConnection
    ) async throws -> Int? {
        guard !reference.isEmpty else { return nil }
        guard var found = images else {
            report.note("\(owner): image \(reference) left out (give --files)")
            return nil
        }
        let record = try await found.image(reference, for: owner, &report, on: connection)
        images = found
        if record == nil, reference.contains("://") { report.note("\(owner): image \(reference) left out (a cover is the library's)") }
        return record?.id
    }

    /// The galleries' images, in the order Composr added them.
    func galleryImages(_ site: ComposrSite, _ images: inout ComposrImages?, _ report: inout ImportReport, on connection: StoreConnection) async throws {
        guard images != nil else {
            if !site.galleryImages.isEmpty {
                report.add(.galleryItems, .leftOut, count: site.galleryImages.count)
                report.note("\(site.galleryImages.count) gallery \(site.galleryImages.count == 1 ? "image" : "images") left out (give --files)")
            }
            return
        }
        for entry in site.galleryImages.sorted(by: { ($0.addDate, $0.id) < ($1.addDate, $1.id) }) {
            guard try await !GalleryComposrStore.wasImported(entry.kind.rawValue, entry.id, on: connection) else {
                report.add(.galleryItems, .alreadyHere)
                continue
            }
            guard var found = images else { return }
            let record = try await found.image(entry.url, caption: entry.title, for: entry.owner, &report, on: connection)
            images = found
            guard let record else {
                report.add(.galleryItems, .leftOut)
                if entry.url.contains("://") { report.note("\(entry.owner): \(entry.url) is elsewhere on the web, not a file of the site") }
                continue
            }
            try await self.place(.image(record.id), entry, site, &report, on: connection)
        }
    }

    /// Places `content`, what Composr's `entry` became in the library, in its gallery.
    func place(_ content: GalleryItem.Content, _ entry: ComposrGalleryEntry, _ site: ComposrSite, _ report: inout ImportReport, on connection: StoreConnection)
        async throws
    {
        let changes = GalleryEditor.ItemChanges(caption: TextLength.prefix(entry.caption, GalleryItem.captionMaximum), validated: entry.validated)
        let submitter = entry.submitterID.flatMap { site.memberIDs.contains($0) && $0 != 1 ? $0 : nil }
        do {
            let item = try await GalleryEditor.addItem(content, to: entry.galleryName, changes, by: submitter, on: connection, now: entry.addDate)
            try await GalleryComposrStore.keep(entry.kind.rawValue, entry.id, as: item.id, on: connection)
            report.add(.galleryItems, .imported)
        } catch let refusal as Refusal {
            report.add(.galleryItems, .leftOut)
            report.note("\(entry.owner): \(MessageCatalog.english.text(refusal.message, refusal.arguments))")
        }
    }
}
