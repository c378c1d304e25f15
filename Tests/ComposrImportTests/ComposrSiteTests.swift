import Foundation
import TestSupport
import Testing

@testable import ComposrImport

/// The fixture site read as the import reads it, and the layouts Composr sites also come in: another
/// table prefix, and multi-language content (translatable fields as IDs into the translation table).
@Suite struct ComposrSiteTests {
    static func site(_ dump: String, prefix: String? = nil) throws -> ComposrSite {
        var reader = DumpReader(DumpBytes(Array(dump.utf8)))
        return try ComposrSite.read(&reader, prefix: prefix)
    }

    static func fixture() throws -> String {
        try ComposrFixture.text()
    }

    @Test func theFixtureSiteReadsAsComposrMadeIt() throws {
        let site = try Self.site(try Self.fixture())
        let members = try site.members.all()
        let articles = try site.articles.all()
        #expect(site.prefix == "cms_")
        #expect(members.map(\.username) == ["Guest", "admin", "test", "alice", "Zoë", "bob", "carol", "elena"])
        let zoe = try #require(members.first { $0.id == 5 })
        #expect(zoe.dateOfBirth == "1990-02-28" && zoe.timezone == "Europe/Paris" && zoe.passwordHash.hasPrefix("$2y$10$"))
        #expect(members.first { $0.id == 6 }?.validated == false)
        #expect(members.first { $0.id == 8 }?.language == "ES")
        #expect(site.memberIDs == Set(members.map(\.id)) && site.articleIDs == Set(articles.map(\.id)))
        #expect(site.groups.count == 12 && site.groups.first { $0.id == 2 }?.isSuperAdmin == true)
        #expect(site.memberships.filter { !$0.validated }.map(\.memberID) == [5], "Zoë's application to Editors is pending")
        #expect(site.articles.count == 6 && articles.filter { !$0.validated }.count == 1)
        let multiFiled = articles.first { $0.id == 5 }
        #expect(multiFiled.map { [$0.categoryID] + $0.secondaryCategoryIDs }?.count == 3, "article 5 is in three categories")
        #expect(site.options["site_name"] == "Oracle Test Site" && site.options["staff_address"] == "staff@oracle-test.example.com")
        #expect(try site.pushTokens.all().map(\.memberID) == [4, 4, 5])
        #expect(site.articleAddresses.count == 6 && site.articleAddresses.contains { $0 == ("evenements/cafe-creme-a-zurich", 2) })
        let message = try #require(site.staffMessages.first)
        #expect(site.staffMessages.count == 1 && message.memberID == 7 && message.email == "carol@example.com" && message.category == "General")
        #expect(message.post.hasPrefix("Hello staff,") && message.post.hasSuffix("Thanks, Carol"))
    }

    /// Any prefix: found from the dump, or named.
    @Test func anotherTablePrefixReadsAlike() throws {
        let renamed = try Self.fixture().replacingOccurrences(of: "`cms_", with: "`ocp_")
        let found = try Self.site(renamed)
        #expect(found.prefix == "ocp_" && found.members.count == 8 && found.articles.count == 6)
        #expect(try Self.site(renamed, prefix: "ocp_").members.count == 8)
        #expect(throws: ComposrImportError.prefixNotFound("cms_")) { try Self.site(renamed, prefix: "cms_") }
    }

    /// A site with `multi_lang_content` on keeps translatable fields as integer IDs into
    /// `translate` (Composr's `sources/lang.php`: `text_original` in each language): the import
    /// reads the text they point at, whichever comes first in the dump.
    @Test func multiLanguageContentReadsTheTranslationTable() throws {
        let site = try Self.site(try MultiLanguageDump.make(from: try Self.fixture()))
        let plain = try Self.site(try Self.fixture())
        let (articles, plainArticles) = (try site.articles.all(), try plain.articles.all())
        #expect(articles.map(\.title) == plainArticles.map(\.title))
        #expect(articles.map(\.body) == plainArticles.map(\.body))
        #expect(site.categories.map(\.title) == plain.categories.map(\.title))
        #expect(site.groups.map(\.name) == plain.groups.map(\.name))
        #expect(try site.members.all().map(\.signature) == plain.members.all().map(\.signature))
        #expect(articles.first { $0.id == 2 }?.title.hasPrefix("Café crème à Zürich") == true)
    }

    @Test func aDumpOfAnotherKindIsRefused() {
        #expect(throws: ComposrImportError.notComposr) { try Self.site("CREATE TABLE `wp_posts` (`ID` int);\n") }
        let withoutNews = "CREATE TABLE `cms_f_members` (`id` int);\nCREATE TABLE `cms_f_groups` (`id` int);\n"
        #expect(throws: ComposrImportError.missingTable("cms_news")) { try Self.site(withoutNews) }
    }

    /// S-9 of the third review: forums interleaved with topics made the reader search every forum
    /// again for each row (3.2 MB took 34 s). Each forum is looked at once now: 20,000 of each, none the
    /// messaging forum, read in seconds (about 200 million forum readings before).
    @Test func interleavedForumsAndTopicsAreReadInLinearTime() throws {
        var dump = try Self.fixture().replacingOccurrences(
            of: "INSERT INTO `cms_config` VALUES ('messaging_forum_name',0,'Website \\\"Contact Us\\\" messages','',0);",
            with: "INSERT INTO `cms_config` VALUES ('messaging_forum_name',0,'No such forum','',0);")
        var interleaved = ""
        for id in 100..<20_100 {
            interleaved +=
                "INSERT INTO `cms_f_forums` VALUES (\(id),'Forum \(id)','',1,1,1,0,1,'','',0,0,NULL,'',NULL,'',NULL,NULL,'','last_post',0,0,'',1,'',1);\n"
            interleaved +=
                "INSERT INTO `cms_f_topics` VALUES (\(id),0,0,0,\(id),NULL,NULL,'','','','','',0,1,1,NULL,1,1795875633,'T','','System',1,1,1795875633,'T','System',1,1,'',1);\n"
        }
        let anchor = try #require(dump.range(of: "INSERT INTO `cms_f_topics` VALUES (2,"))
        let line = dump[anchor.lowerBound...].prefix { $0 != "\n" }
        dump.insert(contentsOf: "\n" + interleaved.dropLast(), at: line.endIndex)
        let started = ContinuousClock.now
        let site = try Self.site(dump)
        #expect(ContinuousClock.now - started < .seconds(20), "read in \(ContinuousClock.now - started)")
        #expect(site.staffMessages.isEmpty && site.members.count == 8)
    }

    /// S-9: IDs are Composr's `AUTO_INCREMENT` values; a zero or negative one is refused.
    @Test func aNegativeIDIsRefusedWithItsTable() throws {
        let dump = try Self.fixture().replacingOccurrences(
            of: "INSERT INTO `cms_news_categories` VALUES (8,", with: "INSERT INTO `cms_news_categories` VALUES (-8,")
        #expect(throws: ComposrImportError.badValue(table: "cms_news_categories", column: "id")) { try Self.site(dump) }
    }
}

/// The fixture's dump as a site with `multi_lang_content` on would hold it: each translatable field an
/// integer ID, its text a row of `cms_translate` (put first, so the import cannot rely on the order).
enum MultiLanguageDump {
    static let translatable: [String: Set<String>] = [
        "cms_news": ["title", "news", "news_article"], "cms_news_categories": ["nc_title"], "cms_f_groups": ["g_name"],
        "cms_f_members": ["m_signature"],
    ]

    static func make(from dump: String) throws -> String {
        var reader = DumpReader(DumpBytes(Array(dump.utf8)))
        var output = ""
        var translations: [String] = []
        while let event = try reader.next() {
            switch event {
            case .table(let name, let columns):
                output += "CREATE TABLE `\(name)` (" + columns.map { "`\($0)` longtext" }.joined(separator: ", ") + ");\n"
            case .row(let table, let columns, var values):
                for (index, column) in columns.enumerated() where Self.translatable[table]?.contains(column) == true {
                    translations.append(values[index].text ?? "")
                    values[index] = .number(String(translations.count))
                }
                output += "INSERT INTO `\(table)` VALUES (" + values.map(Self.literal).joined(separator: ",") + ");\n"
            }
        }
        let translate =
            "CREATE TABLE `cms_translate` (`id` int, `language` varchar(5), `importance_level` int, `text_original` longtext, `text_parsed` longtext, `broken` int, `source_user` int);\n"
            + translations.enumerated().map {
                "INSERT INTO `cms_translate` VALUES (\($0.offset + 1),'EN',1,\(Self.literal(.bytes(Array($0.element.utf8)))),'',0,2);\n"
            }
            .joined()
        return translate + output
    }

    /// A value as mysqldump writes it.
    static func literal(_ value: DumpValue) -> String {
        switch value {
        case .null: return "NULL"
        case .number(let digits): return digits
        case .bytes(let bytes):
            var escaped: [UInt8] = [UInt8(ascii: "'")]
            for byte in bytes {
                switch byte {
                case 0: escaped += Array("\\0".utf8)
                case 0x0A: escaped += Array("\\n".utf8)
                case 0x0D: escaped += Array("\\r".utf8)
                case 0x1A: escaped += Array("\\Z".utf8)
                case UInt8(ascii: "'"): escaped += Array("\\'".utf8)
                case UInt8(ascii: "\\"): escaped += Array("\\\\".utf8)
                default: escaped.append(byte)
                }
            }
            return String(decoding: escaped + [UInt8(ascii: "'")], as: UTF8.self)
        }
    }
}
