import EndpointServer
import Foundation
import HTTPTypes
import SQLKit
import TestSupport
import Testing

/// An article's limits are the news writer's, checked once for every face: each field one over its
/// limit is refused through commandr_fs and through the console with the same sentence (the console
/// naming the field as its form labels it), and nothing is written.
@Suite struct ArticleLimitsTests {
    /// A field over its limit: the name commandr_fs's property and the refusal give it, the label the
    /// console shows, the form's fields and commandr_fs's property value that carry it.
    struct Case: Sendable, CustomTestStringConvertible {
        let field: String
        let label: String?
        let maximum: Int
        let form: [(String, String)]
        let property: String

        var testDescription: String { self.field }
    }

    static let address = "https://example.org/" + String(repeating: "a", count: 1_981)
    static let imageText = String(repeating: "é", count: 1_001)

    static let cases: [Case] = [
        Case(
            field: "label", label: "Title", maximum: 255, form: [("title", String(repeating: "t", count: 256))],
            property: #""label": "\#(String(repeating: "t", count: 256))""#),
        Case(
            field: "summary", label: "News summary", maximum: 20_000, form: [("summary", String(repeating: "s", count: 20_001))],
            property: #""summary": "\#(String(repeating: "s", count: 20_001))""#),
        Case(
            field: "article", label: "Body", maximum: 1_000_000, form: [("body", String(repeating: "b", count: 1_000_001))],
            property: #""article": "\#(String(repeating: "b", count: 1_000_001))""#),
        Case(field: "image", label: "The article’s image", maximum: 2_000, form: [("image", address)], property: #""image": "\#(address)""#),
        Case(
            field: "image_caption", label: "Its caption", maximum: 1_000, form: [("image_caption", imageText)], property: #""image_caption": "\#(imageText)""#),
        Case(field: "image_credit", label: "Its credit", maximum: 1_000, form: [("image_credit", imageText)], property: #""image_credit": "\#(imageText)""#),
        Case(
            field: "external_url", label: "External URL (optional)", maximum: 2_000, form: [("external_url", address)],
            property: #""external_url": "\#(address)""#),
        Case(
            field: "gallery", label: "Gallery", maximum: 1_000, form: [("gallery", "https://example.org/g.jpg | " + imageText)],
            property: #""gallery": [{"url": "https://example.org/g.jpg", "caption": "\#(imageText)"}]"#),
        Case(field: "author", label: nil, maximum: 255, form: [], property: #""author": "\#(String(repeating: "a", count: 256))""#),
        Case(field: "notes", label: nil, maximum: 20_000, form: [], property: #""notes": "\#(String(repeating: "n", count: 20_001))""#),
    ]

    @Test(arguments: cases)
    func aFieldOverItsLimitIsRefusedAlikeThroughEveryFace(_ over: Case) async throws {
        try await TestServer.run { client, site in
            try await AccountFixtures.member("chief", role: .administrators, services: site)
            let before = try await Self.articles(site)
            let fs = CommandrClient(client: client, headers: try LoggedIn(try await client.login("chief")).iOSHeaders)
            let refused = try await fs.rest(.post, "var/news/general/limits.cms", body: "{\(over.property)}")
            let sentence = { (name: String) in "The \(name) is too long; it may be at most \(over.maximum) characters." }
            #expect(refused.success == false && refused.errorDetails == sentence(over.field), "\(refused.raw.prefix(300))")

            if let label = over.label {
                let agent = ConsoleAgent(client)
                try await agent.signIn("chief")
                _ = try await agent.get("/admin/articles/new")
                let fields = [("title", "Limits"), ("category", "1"), ("action", "publish")].filter { name, _ in !over.form.contains { $0.0 == name } }
                let answer = try await agent.post("/admin/articles/new", fields + over.form)
                #expect(answer.status == .unprocessableContent && answer.text(ofID: "error") == sentence(label), "\(answer.text(ofID: "error") ?? "")")
            }
            #expect(try await Self.articles(site) == before, "nothing written")
        }
    }

    private static func articles(_ site: Site) async throws -> Int {
        try await site.database.withConnection { connection in
            try await connection.sql.raw("SELECT COUNT(*) AS n FROM news").first()?.decode(column: "n", as: Int.self) ?? -1
        }
    }
}
