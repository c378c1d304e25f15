import Foundation
import Galleries
import Storage
import TestSupport
import Testing

/// An editor's galleries in a real Chromium at a desktop's 1280 px and a phone's 320 px, with
/// axe-core on every page: a gallery made, another made inside it, images uploaded into it, their
/// order changed with the keyboard (a button reached by Tab and pressed) and back by dragging
/// (Debian's Sortable), saved — and the apps' API and the public page show the tree and the order.
@Suite struct ConsoleGalleryBrowserTests {
    @Test(.enabled(if: BrowserDriver.isEnabled), arguments: TestDatabase.engines)
    func anEditorMakesNestsFillsAndOrdersGalleries(engine: DatabaseEngine) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("galleries-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try await TestServer.run(engine: engine, framework: .live) { client, site in
            try await AccountFixtures.member("chief", role: .administrators, services: site)
            let base = "http://localhost:\(try #require(client.port))"
            let signIn: [[String: Any]] = [["open": "/admin/sign-in"], ["type": ["username": "chief", "password": "correct horse"]], ["click": "submit"]]
            for (width, round) in [(1280, 0), (320, 1)] {
                let files = try (0..<3).map { index in
                    let file = folder.appendingPathComponent("photo-\(round)-\(index).png")
                    try Data(ImageFixtures.noisePNG(width: 400 + index, height: 300 + round)).write(to: file)
                    return file.path
                }
                let top = "Harbour \(round)"
                let inner = "Boats \(round)"
                let made = try await BrowserDriver.walk(
                    base: base, width: width, height: 900,
                    steps: signIn + [
                        ["open": "/admin/galleries"], ["measure": "list width"], ["axe": "galleries"],
                        ["type": ["title": top]], ["click": "create-gallery"], ["text": "notice"], ["heading": "top heading"], ["axe": "new gallery"],
                        ["open": "/admin/galleries"], ["type": ["title": inner]], ["choose": ["parent": top]], ["click": "create-gallery"],
                        ["files": ["id": "gallery-images", "paths": files]], ["click": "upload-to-gallery"], ["text": "notice", "as": "uploaded"],
                        ["measure": "gallery width"], ["axe": "gallery with items"],
                    ])
                #expect(made.text("notice") == "Saved." && made.text("uploaded") == "Saved." && made.text("top heading") == top, "\(made.texts)")
                for key in ["list width", "gallery width"] {
                    #expect(ConsoleDayOneBrowserTests.fits(made.text(key), width), "\(key) at \(width): \(made.text(key) ?? "")")
                }
                for (page, violations) in made.axe { #expect(violations.isEmpty, "\(page) at \(width): \(violations)") }
                #expect(made.consoleErrors.isEmpty, "\(made.consoleErrors)")

                let (parent, child, items) = try await site.database.withConnection { connection in
                    let galleries = try await GalleryStore.all(on: connection)
                    let parent = try #require(galleries.first { $0.text.title == top })
                    let child = try #require(galleries.first { $0.text.title == inner })
                    return (parent, child, try await GalleryItemStore.all(ofGallery: child.id, on: connection).map(\.id))
                }
                #expect(child.parentID == parent.id && items.count == 3, "nested, and filled: \(items)")

                // The first moved down with the keyboard; then dragged back above the one it passed, and saved.
                let moved = try await BrowserDriver.walk(
                    base: base, width: width, height: 900,
                    steps: signIn + [["open": "/admin/galleries/\(child.name)"], ["tab_to": "down-\(items[0])"], ["press": "enter"], ["text": "notice"]])
                #expect(moved.text("notice") == "Saved.", "\(moved.texts)")
                let afterKeyboard = try await site.database.withConnection { try await GalleryItemStore.all(ofGallery: child.id, on: $0).map(\.id) }
                #expect(afterKeyboard == [items[1], items[0], items[2]], "moved by the keyboard: \(items) → \(afterKeyboard)")
                let dragged = try await BrowserDriver.walk(
                    base: base, width: width, height: 900,
                    steps: signIn + [
                        ["open": "/admin/galleries/\(child.name)"], ["drag": ["from": "#item-\(items[1]) img", "to": "#item-\(items[0])"]],
                        ["wait": "#item-order-form:not([hidden])"], ["click": "save-item-order"], ["text": "notice"], ["axe": "ordered"],
                        ["measure": "ordered width"],
                    ])
                #expect(dragged.text("notice") == "Saved.", "\(dragged.texts)")
                #expect(ConsoleDayOneBrowserTests.fits(dragged.text("ordered width"), width), "\(dragged.text("ordered width") ?? "")")
                for (page, violations) in dragged.axe { #expect(violations.isEmpty, "\(page) at \(width): \(violations)") }
                let order = try await site.database.withConnection { try await GalleryItemStore.all(ofGallery: child.id, on: $0).map(\.id) }
                #expect(order == items, "dragged below the one it had passed: \(afterKeyboard) → \(order)")

                // What the apps and readers get.
                let page = try await client.envelope("/data/endpoint.php/content/galleries/galleries/\(child.name)")
                #expect((page.data["gallery"] as? [String: Any])?["parent"] as? String == parent.name, "\(page.raw)")
                #expect((page.data["items"] as? [[String: Any]])?.compactMap { $0["id"] as? Int } == order)
            }
        }
    }
}
