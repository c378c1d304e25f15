import EndpointCore
import Messages
import Testing

@testable import Galleries
@testable import News

/// The pure parts of the Floki app definition: what is read back is what was written, and a tab that
/// loses its category or gallery leaves the app rather than breaking it.
@Suite struct FlokiAppDefinitionParsingTests {
    @Test func theGeneratedDefinitionReadsBackAsItself() throws {
        let generated = FlokiAppDefinition.generated(categoryIDs: [4, 7], hasGallery: true)
        #expect(generated.tabs.map(\.uniqueID) == [1, 6, 9, 2])
        #expect(try FlokiAppDefinition(parsing: generated.json, categoryIDs: [4, 7]) == generated)
        #expect(throws: Refusal.self) { try FlokiAppDefinition(parsing: generated.json, categoryIDs: [4]) }
        #expect(try FlokiAppDefinition(parsing: generated.json, categoryIDs: nil) == generated, "a stored definition is read whatever the categories")
    }

    /// An order kept over the generated app: the tabs it names first, in its order, then the new ones
    /// in the site's; a tab gone or named twice is not repeated.
    @Test func anOrderKeptOverTheGeneratedAppFitsTheSiteAsItChanges() {
        let generated = FlokiAppDefinition.generated(categoryIDs: [4, 7], hasGallery: true)
        #expect(generated.arranged([9, 1]).tabIDs == [9, 1, 6, 2])
        #expect(generated.arranged([2, 42, 9, 9, 6, 1]).tabIDs == [2, 9, 6, 1])
        #expect(generated.arranged([]).tabIDs == generated.tabIDs)
    }

    @Test func aTabWhoseCategoryIsGoneIsLeftOut() throws {
        let generated = FlokiAppDefinition.generated(categoryIDs: [4, 7], hasGallery: false)
        let app = FlokiApp(
            definition: generated, categoryNames: [4: "Sport"], galleries: [], languages: [Languages.bundled.english], publicURL: "https://x.example")
        let tabs = try #require(JSONValue(parsing: app.appData)?["tabs"])
        guard case .array(let list) = tabs else {
            Issue.record("no tabs")
            return
        }
        #expect(list.map { $0["unique_id"] } == [.int(1), .int(6)])
        #expect(list.last?["data"]?["main_url"] == .string("https://x.example/data/endpoint.php/content/news/feed/4?response_type=floki&keep_lang="))
    }

    @Test func theFeedSizeTravelsInTheTabsURLOnlyWhenItIsNotTheDefault() throws {
        var definition = FlokiAppDefinition.generated(categoryIDs: [], hasGallery: false)
        definition.tabs[0].options = ["cache_size": 20]
        let app = FlokiApp(definition: definition, categoryNames: [:], galleries: [], languages: [Languages.bundled.english], publicURL: "https://x.example")
        guard case .array(let tabs)? = JSONValue(parsing: app.appData)?["tabs"] else {
            Issue.record("no tabs")
            return
        }
        #expect(
            tabs.first?["data"]?["main_url"]
                == .string("https://x.example/data/endpoint.php/content/news/feed/all?response_type=floki&cache_size=20&keep_lang="))
    }

    @Test func sitePathsBecomeAbsoluteInAddressesOnly() throws {
        let json = JSONValue(
            parsing:
                #"{"tabs": [{"unique_id": 2, "class_type": "Gallery_view_controller", "data": {"gallery_regex": ["/news/([0-9]+)/photos"], "gallery_url": "/g/_WORDS_", "more_items_url": "/older"}}]}"#
        )
        let definition = try FlokiAppDefinition(parsing: try #require(json), categoryIDs: [])
        let app = FlokiApp(definition: definition, categoryNames: [:], galleries: [], languages: [Languages.bundled.english], publicURL: "https://x.example")
        guard case .array(let tabs)? = JSONValue(parsing: app.appData)?["tabs"], let data = tabs.first?["data"] else {
            Issue.record("no tab data")
            return
        }
        #expect(data["gallery_regex"] == ["/news/([0-9]+)/photos"], "a pattern is not an address")
        #expect(data["gallery_url"] == "https://x.example/g/_WORDS_" && data["more_items_url"] == "https://x.example/older")
    }

    /// A top-level gallery is a tab after the news ones, titled with its words in each language; a
    /// gallery inside another is not; a written tab names a gallery that exists.
    @Test func topLevelGalleriesAreTabsReadBackAsThemselves() throws {
        func gallery(_ id: Int, _ name: String, parent: Int? = nil) -> Gallery {
            Gallery(
                id: id, name: name, parentID: parent, text: GalleryText(title: name.capitalized), translations: ["FR": GalleryText(title: "FR " + name)],
                coverMediaID: nil, addDate: 100 + id, editDate: 100)
        }
        let galleries = [gallery(5, "root"), gallery(3, "later"), gallery(6, "inside", parent: 5)]
        let generated = FlokiAppDefinition.generated(categoryIDs: [4], hasGallery: true, galleries: galleries)
        #expect(generated.tabs.map(\.uniqueID) == [1, 6, 2, (1 << 30) + 3, (1 << 30) + 5], "in the order they were made")
        #expect(try FlokiAppDefinition(parsing: generated.json, categoryIDs: [4], galleryNames: ["root", "later"]) == generated)
        #expect(throws: Refusal.invalid(.flokiTabGallery, "5", "\"root\"")) {
            try FlokiAppDefinition(parsing: generated.json, categoryIDs: [4], galleryNames: ["later"])
        }
        let app = FlokiApp(
            definition: generated, categoryNames: [4: "Sport"], galleries: Array(galleries.dropFirst()), languages: [Languages.bundled.english],
            publicURL: "https://x.example")
        guard case .array(let tabs)? = JSONValue(parsing: app.appData)?["tabs"] else {
            Issue.record("no tabs")
            return
        }
        #expect(tabs.map { $0["unique_id"] } == [.int(1), .int(6), .int(2), .int((1 << 30) + 3)], "root is gone: its tab is left out")
        #expect(
            tabs.last?["data"]?["main_url"] == .string("https://x.example/data/endpoint.php/content/galleries/feed/later?response_type=floki&keep_lang="))
    }
}
