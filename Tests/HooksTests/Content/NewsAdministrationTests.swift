import Foundation
import Storage
import TestSupport
import Testing

/// The news API's article and category properties in `content/commandr_fs` `/var/news`: written,
/// read back, checked, and old files still accepted as they are.
@Suite struct NewsAdministrationTests {
    /// Lesser finding of the security review: a moniker collision cost one query per taken suffix, and
    /// two articles with one title written at once raced for the same moniker (a failed write on
    /// PostgreSQL). The taken ones are read in one query, and a moniker taken meanwhile yields the next.
    @Test(arguments: TestDatabase.engines)
    func articlesWithOneTitleWrittenAtOnceAllGetAMoniker(engine: DatabaseEngine) async throws {
        try await CommandrFSTests.asAdmin(engine: engine) { fs, _, _ in
            let answers = try await withThrowingTaskGroup(of: DecodedEnvelope.self) { group in
                for _ in 0..<12 {
                    group.addTask { try await fs.query("add", "var/news/general/Breaking news.cms", data: #"{"summary": "S"}"#) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(answers.allSatisfy { $0.success == true }, "\(answers.filter { $0.success != true }.map(\.raw))")
            let paths = Set(answers.compactMap { $0.data["path"] as? String })
            #expect(paths == Set(["/var/news/general/breaking-news.cms"] + (2...12).map { "/var/news/general/breaking-news_\($0).cms" }))
        }
    }

    @Test func publishingPropertiesRoundTripAndAreChecked() async throws {
        try await CommandrFSTests.asAdmin { fs, client, _ in
            let posted = try await fs.query(
                "add", "var/news/general/Pictured.cms",
                data: """
                    {"summary": "S", "expires_at": "2099-01-02 03:04:05", "external_url": "https://example.org/a",
                     "image": "/uploads/a.jpg", "image_width": 800, "image_height": "600", "image_caption": "Cap", "image_credit": "Me",
                     "image_variants": {"thumb": {"url": "/uploads/a-t.jpg", "width": 160, "height": 120}},
                     "gallery": [{"url": "https://cdn.example.org/1.jpg", "width": 10, "variants": {"full": {"url": "/f.jpg"}}}]}
                    """)
            let path = try #require(posted.data["path"] as? String, "\(posted.raw)")
            let file = try await fs.read(path)
            #expect(file["expires_at"] as? String == "2099-01-02 03:04:05" && file["external_url"] as? String == "https://example.org/a")
            #expect(file["image_width"] as? Int == 800 && file["image_height"] as? Int == 600 && file["image_caption"] as? String == "Cap")
            #expect(((file["image_variants"] as? [String: Any])?["thumb"] as? [String: Any])?["width"] as? Int == 160)
            #expect((file["gallery"] as? [[String: Any]])?.first?["width"] as? Int == 10)
            #expect(file["category"] as? String == "general")

            let sentBack = try JSONSerialization.data(withJSONObject: file)
            #expect(try await fs.query("edit", path, data: String(decoding: sentBack, as: UTF8.self)).success == true, "a file read is accepted back")

            for (property, value) in [
                ("image_variants", #"[1]"#), ("image_variants", #"{"thumb": {"width": 10}}"#), ("image_variants", #"{"a b": {"url": "/x"}}"#),
                ("gallery", #"{"url": "/x"}"#), ("gallery", #"[{"url": "javascript:alert(1)"}]"#), ("image_width", "0"),
                ("category", #""nowhere""#), ("expires_at", #""tomorrow""#),
            ] {
                let refused = try await fs.query("edit", path, data: "{\"\(property)\": \(value)}")
                #expect(refused.success == false && refused.errorDetails == "The value of ‘\(property)’ is not valid.", "\(property)=\(value): \(refused.raw)")
            }
            // The article editor's sentence, as the console's editor shows it.
            for value in [#""javascript:alert(1)""#, #""/relative""#] {
                let refused = try await fs.query("edit", path, data: "{\"external_url\": \(value)}")
                #expect(refused.errorDetails == "The external URL must start with http:// or https://.", "\(value): \(refused.raw)")
            }

            #expect(try await fs.query("edit", path, data: #"{"expires_at": "", "image_width": null}"#).success == true)
            let cleared = try await fs.read(path)
            #expect(cleared["expires_at"] is NSNull && cleared["image_width"] is NSNull)

            #expect(try await fs.query("edit", path, data: #"{"category": "art"}"#).success == true)
            #expect(try await fs.list("var/news/art").files.contains("pictured.cms"))
            #expect(try await fs.list("var/news/general").files.contains("pictured.cms") == false)

            #expect(try await fs.query("edit", "var/news/art/_folder.cms", data: #"{"position": -5}"#).success == true)
            #expect(try await fs.read("var/news/art/_folder.cms")["position"] as? Int == -5)
            let categories = try await client.news("categories")
            #expect((categories.data["categories"] as? [[String: Any]])?.first?["moniker"] as? String == "art")
            let article = try await client.news("articles/pictured")
            #expect((article.data["article"] as? [String: Any])?["external_url"] as? String == "https://example.org/a", "\(article.raw)")
        }
    }
}
