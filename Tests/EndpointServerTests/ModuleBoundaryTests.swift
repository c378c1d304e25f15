import Foundation
import TestSupport
import Testing

/// The module map of ARCHITECTURE.md, enforced on the sources: each module imports only the project
/// modules below it; the hook contract (`EndpointCore`) and the URLs (`Routes`) import no storage,
/// database or password-hashing module; and SQL lives in stores: outside the storage kernel, only the
/// files of a module's `Store/` folder import a database library.
@Suite struct ModuleBoundaryTests {
    /// What each module may import of the project's own modules (C modules of a feature included).
    static let below: [String: Set<String>] = [
        "Text": [],
        "Messages": [],
        "Storage": ["Messages", "Text"],
        "EndpointCore": ["Text", "Messages"],
        "Routes": ["Messages", "Text"],
        "RichText": ["CCmarkGFM", "CGumbo", "Text"],
        "Outbox": ["Storage", "Text"],
        "Mail": ["Outbox", "Storage", "Text"],
        "Push": ["Messages", "Outbox", "Storage", "Text"],
        "Auth": ["EndpointCore", "Mail", "Messages", "Outbox", "Routes", "Storage", "Text", "CArgon2", "CArgon2Memory", "CCrypt"],
        "Media": ["EndpointCore", "Messages", "Outbox", "Routes", "Storage", "Text", "CMediaCodec", "CMalloc"],
        "Galleries": ["EndpointCore", "Media", "Messages", "Routes", "Storage", "Text"],
        "News": ["EndpointCore", "Galleries", "Media", "Push", "Messages", "RichText", "Routes", "Storage", "Text"],
        "Contact": ["EndpointCore", "Mail", "Messages", "Outbox", "Push", "Storage", "Text"],
        "ComposrImport": ["Auth", "News", "Galleries", "Media", "Messages", "EndpointCore", "Routes", "Storage", "Text"],
        "Hooks": [
            "EndpointCore", "News", "Galleries", "Media", "Contact", "Auth", "Mail", "Push", "Outbox", "Messages", "RichText", "Routes", "Storage", "Text",
        ],
        "Console": [
            "Auth", "News", "Galleries", "Media", "Contact", "Mail", "Push", "Outbox", "EndpointCore", "Messages", "RichText", "Routes", "Storage", "Text",
        ],
        "EndpointServer": [
            "Console", "EndpointCore", "Hooks", "News", "Galleries", "Media", "Contact", "Auth", "Mail", "Push", "Outbox", "Messages", "Routes", "Storage",
            "Text",
        ],
        "Endpoint": [
            "EndpointServer", "EndpointCore", "ComposrImport", "Hooks", "News", "Media", "Auth", "Mail", "Push", "Outbox", "Messages", "RichText", "Storage",
            "Text",
            "CMalloc",
        ],
    ]

    static let databaseLibraries: Set<String> = ["SQLKit", "SQLiteKit", "SQLiteNIO", "PostgresKit", "PostgresNIO"]
    /// The project's modules and the libraries only the storage kernel and stores may import.
    static let projectModules = Set(Self.below.keys).union(["CArgon2", "CArgon2Memory", "CCrypt", "CMediaCodec", "CMalloc", "CVips", "CCmarkGFM", "CGumbo"])

    /// Every Swift file of the modules the map names, with the modules it imports.
    static func imports() throws -> [(module: String, path: String, imported: [String])] {
        let sources = TestDatabase.repositoryRoot.appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        var found: [(String, String, [String])] = []
        for case let file as URL in files where file.pathExtension == "swift" {
            let path = file.path.replacingOccurrences(of: sources.path + "/", with: "")
            let module = String(path.prefix { $0 != "/" })
            guard Self.below[module] != nil else { continue }
            let imported = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").compactMap { line -> String? in
                let words = line.split(separator: " ")
                guard let at = words.firstIndex(of: "import"), words.indices.contains(at + 1), at <= 2 else { return nil }
                return String(words[at + 1])
            }
            found.append((module, path, imported))
        }
        return found
    }

    /// The paths of the files of the modules `modules` accepts whose text contains any of `needles`.
    static func files(of modules: (String) -> Bool, containing needles: [String]) throws -> [String] {
        let sources = TestDatabase.repositoryRoot.appendingPathComponent("Sources")
        return try Self.imports().filter { modules($0.module) }.filter { file in
            let text = try String(contentsOf: sources.appendingPathComponent(file.path), encoding: .utf8)
            return needles.contains { text.contains($0) }
        }.map(\.path)
    }

    @Test func everyModuleImportsOnlyWhatIsBelowIt() throws {
        let files = try Self.imports()
        #expect(files.count > 200, "the sources were found")
        var offenders: [String] = []
        for file in files {
            for module in file.imported where Self.projectModules.contains(module) && !(Self.below[file.module] ?? []).contains(module) {
                offenders.append("\(file.path) imports \(module)")
            }
        }
        #expect(offenders == [], "a module imports one that is not below it")
    }

    @Test func theHookContractAndTheURLsKnowNoStorageNorHashing() throws {
        let forbidden = Self.databaseLibraries.union(["Storage", "Auth", "CArgon2", "CArgon2Memory", "CCrypt"])
        let offenders = try Self.imports().filter { $0.module == "EndpointCore" || $0.module == "Routes" }.flatMap { file in
            file.imported.filter(forbidden.contains).map { "\(file.path) imports \($0)" }
        }
        #expect(offenders == [])
    }

    @Test func sqlLivesInTheStores() throws {
        let files = try Self.imports()
        let offenders = files.filter { file in
            file.module != "Storage" && !file.path.contains("/Store/") && file.imported.contains(where: Self.databaseLibraries.contains)
        }.map(\.path)
        #expect(offenders == [], "a database library imported outside a store")
        let stores = files.filter { $0.path.contains("/Store/") }.map(\.module)
        #expect(
            Set(stores) == ["Auth", "ComposrImport", "Console", "Contact", "Galleries", "Mail", "Media", "News", "Outbox", "Push"],
            "every feature keeps its SQL in its store")
    }

    /// An article's text limits are its writer's (`ArticleFieldCheck`, in News): a face — commandr_fs,
    /// the console, the import — that checked them itself would disagree with the others again (the
    /// console checked three of nine).
    @Test func noFaceChecksAnArticlesLimitsItself() throws {
        let limits = ["title", "summary", "body", "author", "imageText"].map { "NewsFieldLimits." + $0 }
        let offenders = try Self.files(of: ["Hooks", "Console", "ComposrImport", "EndpointServer"].contains, containing: limits)
        #expect(offenders == [], "a face checks an article's limits itself")
    }

    /// An article's edits have one door, `ArticleEditor` (News/Writing): a face that wrote through the
    /// writer or the store itself would skip the editor's checks (the category, the addresses, the
    /// library's images, the version the edit was made on).
    @Test func noFaceWritesAnArticleBesideTheEditor() throws {
        let writes = ["ArticleWriter", "ArticleImages.", "NewsStore.insertArticle", "NewsStore.updateArticle", "NewsStore.deleteArticle"]
        let offenders = try Self.files(of: ["Hooks", "Console"].contains, containing: writes)
        #expect(offenders == [], "a face writes an article beside the editor")
    }

    /// A feature says what kind of failure it met (a ``Refusal``) and each face chooses the status:
    /// a feature that threw the wire's `EndpointError` would decide Composr's "refused = HTTP 200" for
    /// the console and the other routes too.
    @Test func noFeatureThrowsTheWiresError() throws {
        let faces: Set<String> = ["EndpointCore", "Hooks", "Console", "EndpointServer", "Endpoint"]
        let offenders = try Self.files(of: { !faces.contains($0) }, containing: ["EndpointError"])
        #expect(offenders == [], "a feature throws EndpointError")
    }

    /// A store works on the caller's `StoreConnection` (the unit of work: a flow or a worker opens one
    /// connection or transaction per use case, and its writes commit together); a store that opened
    /// connections of its own would split a use case over several pooled connections again (a login
    /// borrowed eight) and could not join its caller's transaction.
    @Test func noStoreOpensAConnectionItself() throws {
        #expect(try Self.imports().filter { $0.path.contains("/Store/") }.count >= 30, "the store files were found")
        let offenders = try Self.files(of: { _ in true }, containing: ["withConnection", ".transaction {", ": Database"]).filter { $0.contains("/Store/") }
        #expect(offenders == [], "a store opens a connection itself")
    }

    /// What a write made stale is marked by the store that wrote and forgotten after the commit
    /// (`Database.whenStale`): a face — commandr_fs, the console, the import — that evicted caches
    /// itself could forget one, and a new page would serve stale lists with no test failing.
    @Test func noFaceEvictsCachesItself() throws {
        let evictions = ["CacheEviction", "newsChanged", "memberChanged", "groupsChanged", "configChanged", "mediaRemoved", "tokensChanged"]
        let offenders = try Self.files(of: ["Hooks", "Console", "ComposrImport"].contains, containing: evictions)
        #expect(offenders == [], "a face evicts caches itself")
    }
}
