import Foundation
import TestSupport
import Testing

@testable import ComposrImport

/// The reader of what mysqldump writes: the fixture site Composr made, each literal form, and the
/// damaged dumps it must refuse with the line.
@Suite struct DumpReaderTests {
    static func events(_ dump: String, chunk: Int? = nil, maximumValueBytes: Int = 1 << 20) throws -> [DumpEvent] {
        var reader = DumpReader(DumpBytes(Array(dump.utf8), chunk: chunk ?? .max), maximumValueBytes: maximumValueBytes)
        var events: [DumpEvent] = []
        while let event = try reader.next() { events.append(event) }
        return events
    }

    static func failure(_ dump: String, maximumValueBytes: Int = 1 << 20) -> DumpError? {
        do {
            _ = try Self.events(dump, maximumValueBytes: maximumValueBytes)
            return nil
        } catch {
            return error as? DumpError
        }
    }

    /// Every table and row of the dump Composr's own site made: 207 tables, each table's rows as
    /// many as its INSERT lines, the members' values as Composr wrote them.
    @Test func theFixtureSiteReadsWhole() throws {
        var reader = DumpReader(DumpFile(try FileHandle(forReadingFrom: ComposrFixture.dump)))
        var tables = 0
        var rows: [String: Int] = [:]
        var members: [[String: DumpValue]] = []
        while let event = try reader.next() {
            switch event {
            case .table: tables += 1
            case .row(let table, let columns, let values):
                rows[table, default: 0] += 1
                if table == "cms_f_members" { members.append(Dictionary(uniqueKeysWithValues: zip(columns, values))) }
            }
        }
        #expect(tables == 207)
        let text = try ComposrFixture.text()
        for table in ["cms_f_members", "cms_news", "cms_f_groups", "cms_f_group_members", "cms_config", "cms_addons_files"] {
            let lines = text.components(separatedBy: "\nINSERT INTO `\(table)` ").count - 1
            #expect(rows[table] == lines, "\(table)")
        }
        #expect(members.map { $0["m_username"]?.text } == ["Guest", "admin", "test", "alice", "Zoë", "bob", "carol", "elena"])
        #expect(members[1]["m_pass_hash_salted"]?.text?.hasPrefix("$2y$10$") == true && members[1]["id"] == .number("2"))
        #expect(members[0]["m_dob_year"] == .null)
    }

    /// Extended inserts, column lists, and every literal: escapes, `''`, NULL, numbers, hexadecimal
    /// and `_binary`; a dump read a byte at a time reads the same.
    @Test func literalsAndExtendedInserts() throws {
        let dump = """
            -- comment
            /*!40101 SET NAMES utf8mb4 */;
            # another
            DROP TABLE IF EXISTS `t`;
            CREATE TABLE `t` (
              `id` int(11) NOT NULL DEFAULT '0' COMMENT 'it''s (the id), really',
              `a``b` varchar(20) DEFAULT NULL,
              `c` decimal(10,2),
              PRIMARY KEY (`id`),
              KEY `k` (`a``b`,`c`)
            ) ENGINE=MyISAM DEFAULT CHARSET=utf8mb4;
            LOCK TABLES `t` WRITE;
            /*!40000 ALTER TABLE `t` DISABLE KEYS */;
            INSERT INTO `t` VALUES (1,'it''s \\'q\\' \\"d\\" \\\\ \\0\\b\\n\\r\\t\\Z \\% \\_ \\x','-1.5e-3'),(-2,NULL,0x00FF41),
            (3,_binary 'b\\nc',_binary 0x4142);
            INSERT IGNORE INTO `t` (`c`, `id`) VALUES (12.50,4);
            UNLOCK TABLES;
            """
        let events = try Self.events(dump)
        #expect(events.first == .table("t", columns: ["id", "a`b", "c"]))
        let rows = events.compactMap { event -> [DumpValue]? in
            if case .row(_, _, let values) = event { return values }
            return nil
        }
        #expect(rows.count == 4)
        #expect(rows[0] == [.number("1"), .bytes(Array("it's 'q' \"d\" \\ \0\u{8}\n\r\t\u{1A} \\% \\_ x".utf8)), .bytes(Array("-1.5e-3".utf8))])
        #expect(rows[1] == [.number("-2"), .null, .bytes([0, 255, 65])])
        #expect(rows[2] == [.number("3"), .bytes(Array("b\nc".utf8)), .bytes([65, 66])])
        #expect(events.last == .row(table: "t", columns: ["c", "id"], values: [.number("12.50"), .number("4")]))
        #expect(try Self.events(dump, chunk: 1) == events)
        #expect(try Self.events(dump, chunk: 7) == events)
    }

    /// Damaged and hostile dumps end with the line and what is wrong; nothing is guessed.
    @Test(arguments: [
        ("CREATE TABLE `t` (`a` int);\nINSERT INTO `t` VALUES ('never closed);\n", 2, "never closed"),
        ("CREATE TABLE `t` (`a` int);\nINSERT INTO `t` VALUES (1", 2, "the end of the dump where “)” belongs"),
        ("CREATE TABLE `t` (`a` int);\nINSERT INTO `t` VALUES (1,", 2, "ends inside a row"),
        ("CREATE TABLE `t` (`a` int);\nINSERT INTO `t` VALUES (1,2);\n", 2, "a row of 2 values for table t, which has 1 columns"),
        ("\n\nINSERT INTO `u` VALUES (1);\n", 3, "before its definition"),
        ("SELECT 1;\n", 1, "“SELECT” does not start a statement"),
        ("DELIMITER ;;\n", 1, "triggers or routines"),
        ("CREATE TABLE `t` (`a` int);\nINSERT INTO `t` VALUES (0x123);\n", 2, "odd number of digits"),
        ("CREATE TABLE `t` (`a` int);\nINSERT INTO `t` VALUES (@x);\n", 2, "neither a string, a number nor NULL"),
        ("CREATE TABLE `t` (`a` int);\nINSERT INTO `t` VALUES (1) garbage;\n", 2, "neither “,” nor “;”"),
        ("/* never closed\n", 1, "never closed"),
        ("CREATE TABLE `t` (`a` int);\nINSERT INTO `t` VALUES (_latin1'x');\n", 2, "other than _binary"),
    ])
    func damagedDumpsAreRefusedWithTheLine(dump: String, line: Int, problem: String) {
        let failure = Self.failure(dump)
        #expect(failure?.line == line, "\(String(describing: failure))")
        #expect(failure?.problem.contains(problem) == true, "\(String(describing: failure))")
    }

    /// A value past the limit (a string never closed runs to the end of a big dump) is refused where
    /// it starts, having held no more than the limit.
    @Test func aValuePastTheLimitIsRefused() {
        let dump = "CREATE TABLE `t` (`a` text);\nINSERT INTO `t` VALUES ('" + String(repeating: "x", count: 5_000) + "');\n"
        #expect(Self.failure(dump, maximumValueBytes: 4_096)?.line == 2)
        #expect(Self.failure(dump, maximumValueBytes: 8_192) == nil)
    }

    /// Text values decode as UTF-8 (utf8mb3 and utf8mb4 alike), and bytes that are not are no text.
    @Test func valuesAsTextAndIntegers() {
        #expect(DumpValue.bytes(Array("Zoë 😀".utf8)).text == "Zoë 😀")
        #expect(DumpValue.bytes([0xFF]).text == nil)
        #expect(DumpValue.number("42").integer == 42 && DumpValue.bytes(Array("7".utf8)).integer == 7 && DumpValue.null.integer == nil)
        #expect(DumpValue.number("1.5").integer == nil)
    }
}
