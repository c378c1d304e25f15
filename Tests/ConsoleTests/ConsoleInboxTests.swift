import EndpointServer
import Foundation
import HTTPTypes
import HummingbirdTesting
import Storage
import TestSupport
import Testing

/// The contact messages in the console: read, marked, answered by e-mail through the mail outbox and
/// the SMTP server; administrators only.
@Suite struct ConsoleInboxTests {
    @Test(arguments: TestDatabase.engines)
    func aReplyToAContactMessageLeavesThroughTheSMTPServer(engine: DatabaseEngine) async throws {
        try await TestSMTPServer.running { smtp in
            try await TestServer.run(engine: engine, smtp: smtp) { client, site in
                try await AccountFixtures.member("chief", role: .administrators, services: site)
                try await ConsoleFixtures.editor("writer", services: site)
                let sent = try await client.postForm(
                    "/data/endpoint.php?hook_type=misc&hook=contact_us",
                    [("title", "Opening hours"), ("post", "When does the <harbour> open?"), ("name", "Marie"), ("email", "marie@example.org")])
                #expect(sent.success == true, "\(sent.raw)")
                #expect(try await smtp.waitForMessages(1).first?.recipient == "chief@example.com", "the staff's notification")

                let agent = ConsoleAgent(client)
                try await agent.signIn("chief")
                let dashboard = try await agent.get("/admin")
                #expect(dashboard.body.contains(">Opening hours</a>"))
                let inbox = try await agent.get("/admin/messages")
                let path = try #require(
                    inbox.body.range(of: #"href="/admin/messages/"#).map { "/admin/messages/" + inbox.body[$0.upperBound...].prefix { $0.isNumber } })
                let message = try await agent.get(path)
                #expect(message.text(ofID: "message-state") == "New", "opening it changes nothing")
                #expect(message.text(ofID: "post") == "When does the &lt;harbour&gt; open?")
                #expect(try await agent.post(path, [("action", "read")]).status == .seeOther)
                #expect(try await agent.get(path).text(ofID: "message-state") == "Read")
                let empty = try await agent.post(path, [("action", "reply"), ("reply", "   ")])
                #expect(empty.status == .unprocessableContent && empty.text(ofID: "error") == "Please write the reply first.")
                let replied = try await agent.post(path, [("action", "reply"), ("reply", "From nine, every day.")])
                #expect(replied.status == .seeOther)
                let page = try await agent.get(try #require(replied.location))
                #expect(page.text(ofID: "notice") == "Your reply is in the mail outbox and will leave shortly.")
                #expect(page.text(ofID: "message-state") == "Answered")

                let mails = try await smtp.waitForMessages(2)
                let reply = try #require(mails.first { $0.recipient == "marie@example.org" })
                #expect(reply.subject == "Re: Opening hours")
                #expect(reply.part("text/plain")?.hasPrefix("From nine, every day.") == true, "\(reply.data)")
                #expect(try await agent.get("/admin").body.contains("replied to ‘Opening hours’"))

                let editor = ConsoleAgent(client)
                try await editor.signIn("writer")
                #expect(try await editor.get(path).status == .forbidden)
                let editorsDashboard = try await editor.get("/admin").body
                #expect(!editorsDashboard.contains(#"href="/admin/messages"#), "editors are not shown the inbox")
            }
        }
    }
}
