import EndpointCore
import EndpointServer
import Foundation
import HTTPTypes
import Hooks
import HummingbirdTesting
import SQLKit
import Storage
import TestSupport
import Testing

/// `content/commandr_fs`: the reference's table 4.6 in both request styles, the filesystems we serve,
/// and what the original gets wrong.
@Suite struct CommandrFSTests {
    /// Runs `body` with an administrator's commandr client.
    static func asAdmin(
        engine: DatabaseEngine = .sqlite, sharing database: Database? = nil, config: [String: String] = [:], clock: SiteClock = .system,
        framework: TestingSetup = .router, _ body: @Sendable (CommandrClient, any TestClientProtocol, Site) async throws -> Void
    ) async throws {
        try await TestServer.run(engine: engine, sharing: database, config: config, framework: framework, clock: clock) { client, services in
            try await AccountFixtures.member("root", role: .administrators, services: services)
            let admin = try LoggedIn(try await client.login("root"))
            try await body(CommandrClient(client: client, headers: admin.iOSHeaders), client, services)
        }
    }

    @Test func onlyAdministratorsGetIn() async throws {
        try await TestServer.run { client, services in
            let guest = try await CommandrClient(client: client, headers: [:]).query("view", "")
            #expect(guest.status == .unauthorized)
            #expect(guest.errorDetails == "\u{201C}Guest\u{201D} does not have access to this page.")
            try await AccountFixtures.member("mod", role: .superModerators, services: services)
            let moderator = try LoggedIn(try await client.login("mod"))
            let refused = try await CommandrClient(client: client, headers: moderator.iOSHeaders).rest(.get, "etc")
            #expect(refused.status == .unauthorized)
            #expect(refused.errorDetails == "\u{201C}mod\u{201D} does not have access to this page.")
        }
    }

    @Test func typeIsRequiredInQueryStyleAndMustBeKnown() async throws {
        try await Self.asAdmin { fs, _, _ in
            let missing = try await fs.query(nil, "etc")
            #expect(missing.status == .ok)
            #expect(missing.errorDetails == "A critical parameter, type, was missing.")
            #expect(try await fs.query("rename", "etc").errorDetails == "Access type must be add/edit/delete/view/search")
        }
    }

    @Test func theRootAndVarListingsHaveComposrsShape() async throws {
        try await Self.asAdmin { fs, _, _ in
            let root = try await fs.query("view", "")
            #expect(
                root.raw.contains(
                    #""response_data":[{"etc":["etc",1,null,null,"etc"],"var":["var",1,null,null,{"groups":"groups","news":"news","contact_messages":"contact_messages","media":"media","galleries":"galleries","floki":"floki"}]},{}]"#
                ), "\(root.raw)")
            #expect(try await fs.list("var").directories == ["contact_messages", "floki", "galleries", "groups", "media", "news"])
            #expect(try await fs.list("var/contact_messages") == ([], []))
            let empty = try await fs.query("view", "var/contact_messages")
            #expect(empty.raw.contains(#""response_data":[{},{}]"#))
        }
    }

    /// A fresh site has the news categories Composr's installer creates, ready to post into.
    @Test(arguments: TestDatabase.engines)
    func aFreshSiteHasComposrsNewsCategories(engine: DatabaseEngine) async throws {
        try await Self.asAdmin(engine: engine) { fs, _, services in
            let news = try await fs.query("view", "var/news")
            #expect(news.raw.contains(#""response_data":[{"art":["art",1,null,"#), "\(news.raw)")
            #expect(try await fs.list("var/news") == (["art", "business", "community", "difficulties", "entertainment", "general", "technology"], []))
            let general = try await fs.read("var/news/general/_folder.cms")
            #expect(general["label"] as? String == "General")
            let technology = try await services.database.withConnection {
                try await $0.raw("SELECT id FROM news_categories WHERE label = 'Technology'").first()?.decode(column: "id", as: Int.self)
            }
            let found = try await fs.query("search", "news_category/\(try #require(technology))")
            #expect(found.raw.contains(#"{"_folder.cms":["_folder.cms",0,null,null,{"path":"/var/news/technology/_folder.cms"}]}"#), "\(found.raw)")
            let posted = try await fs.query("add", "var/news/general/Launch day.cms", data: #"{"summary": "We are live"}"#)
            #expect(posted.data["path"] as? String == "/var/news/general/launch-day.cms", "\(posted.raw)")
        }
    }

    @Test func pathsAreNormalisedAndJunkNamesRefused() async throws {
        try await Self.asAdmin { fs, _, _ in
            let escaped = try await fs.query("view", "../../var/../etc/./site_name")
            #expect(escaped.data["data"] as? String == "Composr site", "`..` never leaves the root")
            for name in ["var/news/.hidden.cms", "var/news/Thumbs.db", "var/news/a\u{1}b.cms", "var/news/__MACOSX"] {
                let answer = try await fs.query("add", name, data: "{}")
                #expect(answer.status == .badRequest, "\(name)")
                #expect(answer.errorDetails?.contains("is not allowed") == true)
            }
            let nothing = try await fs.query("view", "raw/data/_config.php")
            #expect(nothing.errorDetails == "The requested resource (raw/data/_config.php) does not exist. It has probably been deleted.")
            #expect(try await fs.query("view", "database/members").success == false, "no SQL tables")
        }
    }

    /// No option seeded as a number or a flag takes text: each has a rule, so `push_max_attempts =
    /// "ten"` is refused rather than stored.
    @Test func everyNumericOptionRefusesText() async throws {
        try await Self.asAdmin { fs, _, _ in
            var numeric: [String] = []
            for name in try await fs.list("etc").files {
                let value = try await fs.read("etc/\(name)")["data"] as? String
                guard let value, Int(value) != nil else { continue }
                numeric.append(name)
                let answer = try await fs.query("edit", "etc/\(name)", data: "ten")
                #expect(answer.success == false && answer.errorDetails?.hasPrefix(name + " must be") == true, "\(name): \(answer.raw)")
                #expect(try await fs.read("etc/\(name)")["data"] as? String == value, "\(name) unchanged")
            }
            #expect(numeric.contains("push_max_attempts") && numeric.count > 30, "\(numeric)")
        }
    }

    @Test func configOptionsAreReadCheckedAndAppliedAtOnce() async throws {
        try await Self.asAdmin { fs, client, _ in
            #expect(try await fs.list("etc").files.contains("minimum_password_length"))
            #expect(try await fs.read("etc/site_name")["data"] as? String == "Composr site")
            #expect(try await fs.rest(.put, "etc/site_name", body: "Our Club").data["message"] as? String == "Your action was successful.")
            #expect(try await fs.read("etc/site_name")["data"] as? String == "Our Club")

            let bad = try await fs.query("edit", "etc/minimum_password_length", data: "twelve")
            #expect(bad.errorDetails == "minimum_password_length must be a whole number from 1 to 255.")
            #expect(try await fs.read("etc/minimum_password_length")["data"] as? String == "8")
            #expect(try await fs.query("edit", "etc/email_confirm_join", data: "2").errorDetails == "email_confirm_join must be 0 or 1.")
            #expect(try await fs.query("edit", "etc/default_timezone", data: "Mars/Base").success == false)
            // Ranges that stay safe under anonymous load (security review 2, finding 11).
            for (option, value, range) in [
                ("media_max_bytes", "1000000000", "1 to 50000000"), ("media_max_pixels", "1000000000", "1 to 100000000"),
                ("news_live_backlog", "1000000", "16 to 20000"), ("argon2_memory_kib", "4194304", "19456 to 262144"),
                ("news_live_streams", "1000000", "0 to 100000"), ("news_search_per_minute", "100000", "1 to 6000"),
            ] {
                #expect(try await fs.query("edit", "etc/\(option)", data: value).errorDetails == "\(option) must be a whole number from \(range).")
            }

            #expect(try await fs.query("edit", "etc/minimum_password_length", data: #"{"data": "12"}"#).success == true)
            let short = try await client.join(JoinFixtures.iOSFields("shorty", password: "ten chars!"))
            #expect(short.errorDetails == "The password must be at least 12 characters", "applied to the running server")
            #expect(try await fs.query("edit", "etc/email_confirm_join", data: "0").success == true)
            let instant = try await client.join(JoinFixtures.iOSFields("instant", password: "twelve chars!"))
            #expect(instant.data["message"] as? String == "You have now joined, and have been automatically logged in.")

            #expect(
                try await fs.query("add", "etc/site_name", data: "x").errorDetails == "One of these with the name \u{2018}etc/site_name\u{2019} already exists."
            )
            #expect(try await fs.query("add", "etc/new_option", data: "x").errorDetails == "Nothing can be created at etc/new_option.")
            #expect(try await fs.rest(.delete, "etc/site_name").errorDetails == "etc/site_name cannot be deleted.")
        }
    }

    @Test(arguments: TestDatabase.engines)
    func membersAreCreatedEditedAndDeletedThroughTheirFiles(engine: DatabaseEngine) async throws {
        try await Self.asAdmin(engine: engine) { fs, client, services in
            #expect(try await fs.list("var/groups").directories == ["administrators", "guests", "members", "super-moderators"])
            #expect(try await fs.read("var/groups/administrators/_folder.cms")["is_super_admin"] as? Int == 1)
            let root = try await fs.read("var/groups/administrators/root.cms")
            #expect(root["label"] as? String == "root")
            for secret in ["password", "password_hashed", "salt", "password_hash", "legacy_salt", "token"] {
                #expect(root[secret] == nil, "\(secret) is never shown")
            }

            let created = try await fs.query(
                "add", "var/groups/members/New Person.cms",
                data: JSONValue.json([
                    "password": "a brand new passphrase", "email_address": "new.person@example.com", "timezone": "Europe/Paris",
                ]))
            #expect(created.data["path"] as? String == "/var/groups/members/new-person.cms", "\(created.raw)")
            #expect(try await fs.list("var/groups/members").files.contains("new-person.cms"))
            let login = try await client.login("New Person", "a brand new passphrase")
            let device = try LoggedIn(login)
            let stored = try #require(try await services.members.find(login: "new person"))
            #expect(stored.passwordHash.hasPrefix("$argon2id$"))
            #expect(stored.timezone == "Europe/Paris")
            #expect(
                try await fs.query("add", "var/groups/members/weak.cms", data: #"{"password": "password1", "email_address": "w@example.com"}"#)
                    .errorDetails?.contains("most commonly used") == true)
            #expect(try await fs.query("add", "var/groups/members/nopass.cms", data: "{}").errorDetails == "A critical parameter, password, was missing.")

            let person = try await fs.read("var/groups/members/new-person.cms")
            let administrators = try await fs.read("var/groups/administrators/_folder.cms")
            #expect(administrators["label"] as? String == "Administrators")
            let promoted = try await fs.rest(.put, "var/groups/members/new-person.cms", body: #"{"groups": [{"id": "2"}, 4]}"#)
            #expect(promoted.success == true, "\(promoted.raw)")
            let after = try await fs.read("var/groups/members/new-person.cms")
            #expect((after["groups"] as? [[String: Any]])?.compactMap { $0["label"] as? String } == ["Administrators", "Members"])
            #expect(after["timezone"] as? String == person["timezone"] as? String, "properties not sent keep their values")
            #expect(person["signature"] as? String == "" && person["reveal_age"] as? Int == 0)
            #expect(try await fs.rest(.put, "var/groups/members/new-person.cms", body: #"{"signature": "[i]New[/i]", "reveal_age": 1}"#).success == true)
            let signed = try await fs.read("var/groups/members/new-person.cms")
            #expect(signed["signature"] as? String == "[i]New[/i]" && signed["reveal_age"] as? Int == 1)
            #expect(try await client.login("New Person", "a brand new passphrase").data["signature"] as? String == "[i]New[/i]", "the login profile shows it")
            let session = try await client.postForm(AccountFixtures.sessionURI, device.formFields)
            #expect(session.data["admin_status"] as? Bool == true, "memberships apply at once")

            #expect(
                try await fs.rest(.put, "var/groups/members/new-person.cms", body: #"{"join_time": "2001-01-01 00:00:00"}"#)
                    .errorDetails == "The property \u{2018}join_time\u{2019} cannot be changed.")
            #expect(
                try await fs.rest(.put, "var/groups/members/new-person.cms", body: #"{"favourite_colour": "blue"}"#)
                    .errorDetails == "There is no property \u{2018}favourite_colour\u{2019} here.")
            #expect(
                try await fs.rest(.put, "var/groups/members/new-person.cms", body: "not json").errorDetails == "The data must be a JSON object of properties.")

            #expect(try await fs.rest(.delete, "var/groups/administrators/root.cms").errorDetails == "You cannot delete or ban your own account.")
            #expect(try await fs.rest(.delete, "var/groups/members/new-person.cms").success == true)
            let ended = try await client.postForm(AccountFixtures.sessionURI, device.formFields)
            #expect(ended.errorDetails == "You are not logged in.", "deleting a member ends its sessions")
            #expect(try await services.members.find(login: "new person") == nil)
            #expect(
                try await fs.rest(.delete, "var/groups/members/new-person.cms").errorDetails
                    == "The requested resource (var/groups/members/new-person.cms) does not exist. It has probably been deleted.")
        }
    }

    @Test func newsArticlesGetMonikersFromTheirLabels() async throws {
        try await Self.asAdmin { fs, _, _ in
            #expect(
                try await fs.rest(.post, "var/news/local/_folder.cms", body: #"{"label": "General news"}"#).data["path"] as? String
                    == "/var/news/general-news/_folder.cms")
            let first = try await fs.query(
                "add", "var/news/general-news/Hello, World!.cms",
                data: JSONValue.json([
                    "summary": "Short", "article": "Long text", "author": "Ann",
                ]))
            #expect(first.data["path"] as? String == "/var/news/general-news/hello-world.cms", "\(first.raw)")
            let second = try await fs.query("add", "var/news/general-news/hello world.cms", data: "")
            #expect(second.data["path"] as? String == "/var/news/general-news/hello-world_2.cms", "collisions get a suffix")
            let numeric = try await fs.query("add", "var/news/general-news/2024.cms", data: "")
            #expect(numeric.data["path"] as? String == "/var/news/general-news/2024_1.cms")
            let long = try await fs.query("add", "var/news/general-news/x.cms", data: #"{"label": "A very long headline about many different things"}"#)
            #expect(long.data["path"] as? String == "/var/news/general-news/a-very-long-headline.cms")

            let article = try await fs.read("var/news/general-news/hello-world.cms")
            #expect(article["label"] as? String == "Hello, World!")
            #expect(article["author"] as? String == "Ann", "the author given")
            #expect(try await fs.read("var/news/general-news/hello-world_2.cms")["author"] as? String == "root", "none given: its writer's name")
            #expect(article["validated"] as? Int == 1)
            #expect((article["submitter"] as? [String: Any])?["label"] as? String == "root")
            #expect((article["add_date"] as? String)?.count == 19)
            #expect(article["edit_date"] is NSNull)

            #expect(
                try await fs.query("add", "var/news/general-news/hello-world.cms", data: "{}").errorDetails
                    == "One of these with the name \u{2018}var/news/general-news/hello-world.cms\u{2019} already exists.")
            let edited = try await fs.rest(.put, "var/news/general-news/hello-world.cms", body: #"{"summary": "Shorter"}"#)
            #expect(edited.success == true)
            let merged = try await fs.read("var/news/general-news/hello-world.cms")
            #expect(merged["summary"] as? String == "Shorter" && merged["article"] as? String == "Long text")
            #expect(merged["edit_date"] is String)

            let failed = try await fs.rest(.put, "var/news/general-news/hello-world.cms", body: #"{"summary": "Changed", "validated": 5}"#)
            #expect(failed.errorDetails == "The value of \u{2018}validated\u{2019} is not valid.")
            #expect(try await fs.read("var/news/general-news/hello-world.cms")["summary"] as? String == "Shorter", "a failed edit changes nothing")

            #expect(
                try await fs.rest(.delete, "var/news/general-news/_folder.cms").errorDetails
                    == "The category \u{2018}General news\u{2019} still holds articles, so it cannot be deleted.")
            #expect(try await fs.rest(.delete, "var/news/general-news").errorDetails == "var/news/general-news cannot be deleted.")
            #expect(try await fs.rest(.delete, "var/news/general-news/2024_1.cms").success == true)
            #expect(try await fs.list("var/news/general-news").files == ["_folder.cms", "a-very-long-headline.cms", "hello-world.cms", "hello-world_2.cms"])
        }
    }

    @Test func groupsAreCreatedEditedAndDeletedThroughTheirFolderFiles() async throws {
        try await Self.asAdmin { fs, _, services in
            let created = try await fs.rest(.post, "var/groups/editors/_folder.cms", body: #"{"label": "Editors", "is_super_moderator": 1}"#)
            #expect(created.data["path"] as? String == "/var/groups/editors/_folder.cms", "\(created.raw)")
            #expect(try await fs.read("var/groups/editors/_folder.cms")["is_super_moderator"] as? Int == 1)
            #expect(
                try await fs.rest(.post, "var/groups/copy/_folder.cms", body: #"{"label": "editors"}"#).errorDetails
                    == "One of these with the name \u{2018}editors\u{2019} already exists.")
            #expect(try await fs.rest(.put, "var/groups/editors/_folder.cms", body: #"{"label": "Chief editors"}"#).success == true)
            #expect(try await fs.read("var/groups/editors/_folder.cms")["label"] as? String == "Chief editors")
            let eddie = try await fs.query(
                "add", "var/groups/editors/Eddie.cms", data: #"{"password": "an editor passphrase", "email_address": "ed@example.com"}"#)
            #expect(eddie.data["path"] as? String == "/var/groups/editors/eddie.cms", "\(eddie.raw)")
            #expect(
                try await fs.rest(.delete, "var/groups/editors/_folder.cms").errorDetails
                    == "The group \u{2018}Chief editors\u{2019} still has members or is needed by the site, so it cannot be deleted.")
            #expect(try await fs.rest(.delete, "var/groups/editors/eddie.cms").success == true)
            #expect(try await fs.rest(.delete, "var/groups/editors/_folder.cms").success == true)
            #expect(try await fs.rest(.delete, "var/groups/members/_folder.cms").success == false, "the default group stays")
            let groups = try await services.database.withConnection {
                try await $0.raw("SELECT COUNT(*) AS n FROM groups").first()?.decode(column: "n", as: Int.self)
            }
            #expect(groups == 4)
        }
    }

    /// As in Composr, `search` resolves the resource, then answers as `view` of what it resolved to: a
    /// folder resource (a group, a news category) the `[dirs, files]` listing of its folder, whose
    /// `_folder.cms` entry has a fifth element with its path; a file resource (a member, an article,
    /// a contact message) that file's properties.
    @Test func searchViewsTheFolderOrTheFileTheResourceResolvesTo() async throws {
        try await Self.asAdmin { fs, client, services in
            _ = try await fs.rest(.post, "var/news/general-news/_folder.cms", body: #"{"label": "General news"}"#)
            _ = try await fs.rest(.post, "var/news/general-news/Found me.cms", body: #"{"summary": "here"}"#)
            _ = try await client.postForm(ContactUsTests.androidURI, [("title", "Help please"), ("post", "Body"), ("email", "g@example.org")])
            let ids = try await services.database.withConnection { connection in
                (
                    article: try await connection.raw("SELECT id FROM news").first()?.decode(column: "id", as: Int.self),
                    category: try await connection.raw("SELECT id FROM news_categories WHERE label = 'General news'").first()?.decode(
                        column: "id", as: Int.self),
                    message: try await connection.raw("SELECT id FROM staff_messages").first()?.decode(column: "id", as: Int.self),
                    guid: try await connection.raw("SELECT guid FROM resource_ids WHERE resource_type = 'news'").first()?.decode(
                        column: "guid", as: String.self)
                )
            }
            let article = try #require(ids.article)

            let byID = try await fs.query("search", "news/\(article)")
            let byGUID = try await fs.query("search", try #require(ids.guid))
            let byREST = try await client.envelope("/data/endpoint.php/content/commandr_fs/news/\(article)?type=search", headers: fs.headers)
            let file = try await fs.read("var/news/general-news/found-me.cms")
            for answer in [byID, byGUID, byREST] {
                let properties = try #require(answer.json["response_data"] as? [String: Any], "\(answer.raw)")
                #expect(properties["summary"] as? String == "here" && Set(properties.keys) == Set(file.keys), "as `view` of its file: \(answer.raw)")
            }

            let member = try #require(try await fs.query("search", "member/2").json["response_data"] as? [String: Any])
            let root = try await fs.read("var/groups/administrators/root.cms")
            #expect(
                member["label"] as? String == "root" && member["email_address"] as? String == "root@example.com" && Set(member.keys) == Set(root.keys),
                "\(member)")

            let messageID = try #require(ids.message)
            let message = try #require(try await fs.query("search", "contact_message/\(messageID)").json["response_data"] as? [String: Any])
            #expect(message["post"] as? String == "Body" && message["email"] as? String == "g@example.org", "\(message)")

            let guests = try await fs.query("search", "group/1")
            #expect(
                guests.raw.contains(
                    #""response_data":[{},{"_folder.cms":["_folder.cms",0,null,null,{"path":"/var/groups/guests/_folder.cms"}],"guest.cms":["guest.cms",0,null,null]}]"#
                ), "\(guests.raw)")
            let categoryID = try #require(ids.category)
            let category = try #require(try await fs.query("search", "news_category/\(categoryID)").json["response_data"] as? [Any])
            let files = try #require(category.last as? [String: [Any]])
            #expect(files.keys.sorted() == ["_folder.cms", "found-me.cms"])
            #expect(files["found-me.cms"]?.count == 4, "other entries keep Composr's four elements")
            #expect((files["_folder.cms"]?.last as? [String: Any])?["path"] as? String == "/var/news/general-news/_folder.cms")

            #expect(try await fs.query("search", "news/999").errorDetails == "The requested resource does not exist. It has probably been deleted.")
            #expect(try await fs.query("search", "00000000-0000-0000-0000-000000000000").success == false)
        }
    }

    @Test func readsCarryAnETagAndAnswer304WhenUnchanged() async throws {
        try await Self.asAdmin { fs, client, _ in
            let first = try await fs.rest(.get, "etc/site_name")
            let tag = try #require(first.headers[.eTag])
            let status = try await client.execute(
                uri: "/data/endpoint.php/content/commandr_fs/etc/site_name", method: .get, headers: fs.headers.merging([.ifNoneMatch: tag])
            ) { response in (response.status, response.body.readableBytes) }
            #expect(status.0 == .notModified)
            #expect(status.1 == 0)
            _ = try await fs.rest(.put, "etc/site_name", body: "Renamed")
            let changed = try await fs.rest(.get, "etc/site_name", headers: [.ifNoneMatch: tag])
            #expect(changed.status == .ok)
            #expect(changed.headers[.eTag] != tag)
            #expect(try await fs.query("view", "").headers[.eTag] != nil, "listings too")
        }
    }

    @Test func contactMessagesCanBeReadMarkedAndDeleted() async throws {
        try await Self.asAdmin { fs, client, _ in
            _ = try await client.postForm(ContactUsTests.androidURI, [("title", "Help please"), ("post", "Body"), ("email", "g@example.org")])
            let files = try await fs.list("var/contact_messages").files
            #expect(files == ["help-please.cms"])
            let message = try await fs.read("var/contact_messages/help-please.cms")
            #expect(message["post"] as? String == "Body" && message["status"] as? String == "new" && message["email"] as? String == "g@example.org")
            #expect(try await fs.rest(.put, "var/contact_messages/help-please.cms", body: #"{"status": "read"}"#).success == true)
            #expect(try await fs.read("var/contact_messages/help-please.cms")["status"] as? String == "read")
            #expect(
                try await fs.rest(.put, "var/contact_messages/help-please.cms", body: #"{"post": "rewritten"}"#).errorDetails
                    == "The property \u{2018}post\u{2019} cannot be changed.")
            #expect(try await fs.rest(.put, "var/contact_messages/help-please.cms", body: #"{"status": "lost"}"#).success == false)
            #expect(
                try await fs.query("add", "var/contact_messages/forged.cms", data: "{}").errorDetails
                    == "Nothing can be created at var/contact_messages/forged.cms.")
            #expect(try await fs.rest(.delete, "var/contact_messages/help-please.cms").success == true)
            #expect(try await fs.list("var/contact_messages").files.isEmpty)
        }
    }

    @Test func missingResourcesInEveryType() async throws {
        try await Self.asAdmin { fs, _, _ in
            let expected = "The requested resource (var/news/none.cms) does not exist. It has probably been deleted."
            let view = try await fs.query("view", "var/news/none.cms")
            #expect(view.errorDetails == expected)
            #expect(try await fs.query("edit", "var/news/none.cms", data: "{}").errorDetails == expected)
            #expect(try await fs.query("delete", "var/news/none.cms").errorDetails == expected)
            #expect(
                try await fs.query("add", "var/news/nowhere/new.cms", data: "{}").errorDetails
                    == "The requested resource (var/news/nowhere) does not exist. It has probably been deleted.")
            #expect(try await fs.query("edit", "var/news", data: "{}").errorDetails == "var/news is a folder; edit its _folder.cms file instead.")
            #expect(try await fs.query("add", "var", data: "{}").errorDetails == "Nothing can be created at var.")
        }
    }
}
