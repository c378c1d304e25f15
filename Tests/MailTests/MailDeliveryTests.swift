import EndpointServer
import Foundation
import Mail
import Outbox
import SQLKit
import Storage
import TestSupport
import Testing

/// The outbox and SMTP delivery against a real SMTP server on loopback.
@Suite struct MailDeliveryTests {
    @Test func deliversAWellFormedUTF8MessageOnce() async throws {
        try await TestDatabase.withMigrated(.sqlite) { database in
            let smtp = TestSMTPServer()
            try await smtp.start()
            defer { Task { try? await smtp.stop() } }
            let id = try await database.transaction { connection in
                try await MailOutbox.enqueue(
                    OutgoingMail(
                        recipient: "zoë@example.com", replyTo: "reply@example.com",
                        subject: "Grüße\r\nBcc: victim@example.com", text: "Straße\n.leading dot line", html: "<p>Straße</p>"
                    ), on: connection, now: UnixTime.now)
            }
            let delivery = try MailFixtures.delivery(database, smtp: smtp)
            #expect(try await delivery.deliverDue() == 1)
            #expect(try await delivery.deliverDue() == 0)

            let messages = smtp.received
            #expect(messages.count == 1)
            let message = try #require(messages.first)
            #expect(message.sender == "noreply@example.com")
            #expect(message.recipient == "zoë@example.com")
            #expect(message.header("Subject")?.hasPrefix("=?UTF-8?B?") == true)
            #expect(message.header("Bcc") == nil, "a line break in the subject must not start a header")
            #expect(message.header("From") == "Test Site <noreply@example.com>")
            #expect(message.header("Reply-To") == "<reply@example.com>")
            #expect(message.header("Message-ID")?.hasSuffix("@endpoint.invalid>") == true)
            #expect(message.header("Content-Type")?.hasPrefix("multipart/alternative;") == true)
            #expect(message.part("text/plain") == "Straße\n.leading dot line")
            #expect(message.part("text/html") == "<p>Straße</p>")

            let stored = try #require(try await database.withConnection { try await MailOutbox.find(id: id, on: $0) })
            #expect(stored.status == .sent)
            #expect(stored.attempts == 1)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func survivesAnOutageWithBackoffAndDeliversExactlyOnce(engine: DatabaseEngine) async throws {
        try await TestDatabase.withMigrated(engine) { database in
            let smtp = TestSMTPServer()
            try await smtp.start()
            try await smtp.stop()
            let now = UnixTime.now
            let id = try await MailFixtures.enqueue(database, now: now)
            let policy = RetryPolicy(baseSeconds: 30, maximumSeconds: 3600, maximumAttempts: 10)
            let delivery = try MailFixtures.delivery(database, smtp: smtp, policy: policy)

            #expect(try await delivery.deliverDue(clock: SiteClock { now }) == 0)
            var stored = try #require(try await delivery.database.withConnection { try await MailOutbox.find(id: id, on: $0) })
            #expect(stored.status == .queued)
            #expect(stored.attempts == 1)
            #expect(stored.nextAttemptAt == now + 30)
            #expect(stored.lastError.contains("connect"))

            #expect(try await delivery.deliverDue(clock: SiteClock { now + 29 }) == 0, "not due before the backoff")
            #expect(try await delivery.deliverDue(clock: SiteClock { now + 30 }) == 0)
            stored = try #require(try await delivery.database.withConnection { try await MailOutbox.find(id: id, on: $0) })
            #expect(stored.attempts == 2)
            #expect(stored.nextAttemptAt == now + 30 + 60, "the delay doubles")

            try await smtp.start(port: smtp.port)
            defer { Task { try? await smtp.stop() } }
            #expect(try await delivery.deliverDue(clock: SiteClock { now + 90 }) == 1)
            #expect(try await delivery.deliverDue(clock: SiteClock { now + 100_000 }) == 0)
            #expect(smtp.received.count == 1)
            #expect(try await delivery.database.withConnection { try await MailOutbox.find(id: id, on: $0) }?.status == .sent)
        }
    }

    @Test func aMessageLeasedByAWorkerThatDiedIsSentByAnotherWithinAMinute() async throws {
        try await TestDatabase.withMigrated(.sqlite) { database in
            let smtp = TestSMTPServer()
            try await smtp.start()
            defer { Task { try? await smtp.stop() } }
            let now = UnixTime.now
            try await MailFixtures.enqueue(database, now: now)
            let claimed = try await database.withConnection {
                try await MailOutbox.claim(owner: "crashed-instance", limit: 10, leaseSeconds: MailDelivery.leaseSeconds, now: now, on: $0)
            }
            #expect(claimed.count == 1)
            #expect(MailDelivery.leaseSeconds <= 60)

            let survivor = try MailFixtures.delivery(database, smtp: smtp)
            #expect(try await survivor.deliverDue(clock: SiteClock { now + 10 }) == 0, "leased to the other instance")
            #expect(try await survivor.deliverDue(clock: SiteClock { now + MailDelivery.leaseSeconds + 1 }) == 1)
            #expect(smtp.received.count == 1)
        }
    }

    /// Short leases stay safe for a long batch: a worker renews a lease before each send, and one whose
    /// lease was taken over leaves the row alone.
    @Test func aRenewedLeaseKeepsItsRowAndALostOneIsLeftAlone() async throws {
        try await TestDatabase.withMigrated(.sqlite) { database in
            let now = UnixTime.now
            let id = try await MailFixtures.enqueue(database, now: now)
            #expect(try await database.withConnection { try await MailOutbox.claim(owner: "slow", limit: 1, leaseSeconds: 60, now: now, on: $0) }.count == 1)
            #expect(try await database.withConnection { try await MailOutbox.renewLease(id, owner: "slow", leaseSeconds: 60, now: now + 50, on: $0) })
            #expect(
                try await database.withConnection { try await MailOutbox.claim(owner: "other", limit: 1, leaseSeconds: 60, now: now + 61, on: $0) }.isEmpty,
                "renewed until now + 110")
            #expect(
                try await database.withConnection { try await MailOutbox.claim(owner: "other", limit: 1, leaseSeconds: 60, now: now + 111, on: $0) }.count == 1)
            #expect(
                try await database.withConnection { try await MailOutbox.renewLease(id, owner: "slow", leaseSeconds: 60, now: now + 112, on: $0) } == false,
                "taken over: left alone")
        }
    }

    @Test func permanentRefusalsStopAndTemporaryOnesRetryUntilTheLimit() async throws {
        try await TestDatabase.withMigrated(.sqlite) { database in
            let smtp = TestSMTPServer(behaviour: .init(recipientReply: "550 5.1.1 no such user"))
            try await smtp.start()
            defer { Task { try? await smtp.stop() } }
            let now = UnixTime.now
            let permanent = try await MailFixtures.enqueue(database, now: now)
            let delivery = try MailFixtures.delivery(database, smtp: smtp, policy: RetryPolicy(baseSeconds: 1, maximumSeconds: 1, maximumAttempts: 3))
            #expect(try await delivery.deliverDue(clock: SiteClock { now }) == 0)
            let failed = try #require(try await delivery.database.withConnection { try await MailOutbox.find(id: permanent, on: $0) })
            #expect(failed.status == .failed)
            #expect(failed.attempts == 1)
            #expect(failed.lastError.contains("550"))

            smtp.behaviour.recipientReply = "451 4.3.0 try again later"
            let temporary = try await MailFixtures.enqueue(database, now: now)
            for step in 0..<5 {
                let moment = now + step * 2
                _ = try await delivery.deliverDue(clock: SiteClock { moment })
            }
            let exhausted = try #require(try await delivery.database.withConnection { try await MailOutbox.find(id: temporary, on: $0) })
            #expect(exhausted.status == .failed)
            #expect(exhausted.attempts == 3, "gives up after the configured attempts")
            #expect(smtp.received.isEmpty)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func twoWorkersNeverSendTheSameMessage(engine: DatabaseEngine) async throws {
        try await TestDatabase.withMigrated(engine) { database in
            let smtp = TestSMTPServer()
            try await smtp.start()
            defer { Task { try? await smtp.stop() } }
            for number in 0..<30 { try await MailFixtures.enqueue(database, subject: "Message \(number)") }
            let first = try MailFixtures.delivery(database, smtp: smtp)
            let second = try MailFixtures.delivery(database, smtp: smtp)
            async let sentByFirst = first.deliverDue()
            async let sentBySecond = second.deliverDue()
            let total = try await sentByFirst + sentBySecond
            #expect(total == 30)
            let received = smtp.received
            #expect(received.count == 30)
            #expect(Set(received.compactMap { $0.header("Message-ID") }).count == 30)
            #expect(Set(received.compactMap { $0.header("Subject") }).count == 30)
        }
    }

    @Test(arguments: [["PLAIN", "LOGIN"], ["LOGIN"]])
    func authenticatesWithTheURLsCredentials(mechanisms: [String]) async throws {
        try await TestDatabase.withMigrated(.sqlite) { database in
            let smtp = TestSMTPServer(behaviour: .init(credentials: ("mailer", "s3cret:pass"), mechanisms: mechanisms))
            try await smtp.start()
            defer { Task { try? await smtp.stop() } }
            try await MailFixtures.enqueue(database)
            #expect(try await MailFixtures.delivery(database, smtp: smtp).deliverDue() == 1)
            #expect(smtp.received.first?.authenticatedAs == "mailer")

            let id = try await MailFixtures.enqueue(database)
            let wrong = try MailFixtures.delivery(database, url: "smtp://mailer:wrong@127.0.0.1:\(smtp.port)")
            #expect(try await wrong.deliverDue() == 0)
            #expect(try await wrong.database.withConnection { try await MailOutbox.find(id: id, on: $0) }?.lastError.contains("535") == true)
        }
    }

    @Test(arguments: [false, true])
    func encryptsWithSTARTTLSOrFromTheFirstByte(implicitTLS: Bool) async throws {
        try await TestDatabase.withMigrated(.sqlite) { database in
            let certificate = try TestCertificate.make()
            let smtp = TestSMTPServer(behaviour: .init(credentials: ("mailer", "secret"), tls: try certificate.serverContext(), implicitTLS: implicitTLS))
            try await smtp.start()
            defer { Task { try? await smtp.stop() } }
            let url = smtp.url(host: "localhost")
            #expect(url.hasPrefix(implicitTLS ? "smtps://" : "smtp://"))

            let untrusting = try MailFixtures.delivery(database, url: url)
            let refused = try await MailFixtures.enqueue(database)
            #expect(try await untrusting.deliverDue() == 0, "an unknown certificate is not accepted")
            let stored = try #require(try await untrusting.database.withConnection { try await MailOutbox.find(id: refused, on: $0) })
            #expect(stored.status == .queued)
            #expect(!stored.lastError.isEmpty)
            #expect(smtp.received.isEmpty)

            let trusting = try MailFixtures.delivery(database, url: url, trustRoots: certificate.certificatePath)
            #expect(try await trusting.deliverDue(clock: SiteClock { UnixTime.now + 3600 }) == 1)
            let received = try #require(smtp.received.first)
            #expect(received.encrypted)
            #expect(received.authenticatedAs == "mailer")
        }
    }

    @Test func passwordsAreNotSentInTheClearToAnotherMachine() async throws {
        try await TestDatabase.withMigrated(.sqlite) { database in
            let smtp = TestSMTPServer(behaviour: .init(credentials: ("mailer", "secret")))
            try await smtp.start(host: "127.0.0.2")
            defer { Task { try? await smtp.stop() } }
            let id = try await MailFixtures.enqueue(database)
            #expect(try await MailFixtures.delivery(database, url: smtp.url(host: "127.0.0.2")).deliverDue() == 0)
            let stored = try #require(try await database.withConnection { try await MailOutbox.find(id: id, on: $0) })
            #expect(stored.status == .failed)
            #expect(stored.lastError.contains("refusing to send the password in the clear"))
            #expect(smtp.received.isEmpty)
        }
    }

    @Test func parsesSMTPURLs() throws {
        let plain = try SMTPServerURL(parsing: "smtp://mail.example.com")
        #expect(plain.port == 25 && !plain.implicitTLS && plain.username == nil)
        let tls = try SMTPServerURL(parsing: "smtps://user%40example.com:p%40ss@mail.example.com")
        #expect(tls.port == 465 && tls.implicitTLS && tls.username == "user@example.com" && tls.password == "p@ss")
        #expect(!tls.description.contains("p@ss"))
        #expect(throws: SMTPServerURL.Invalid.self) { try SMTPServerURL(parsing: "http://mail.example.com") }
        #expect(throws: SMTPServerURL.Invalid.self) { try SMTPServerURL(parsing: "smtp://") }
    }

    /// S-8 of the third review: an address with a line break, written into `RCPT TO`, added
    /// recipients of its own. The SMTP client refuses CR, LF and NUL in either address before it
    /// connects, permanently (a retry would do the same), and the SMTP server sees nothing.
    @Test func anAddressWithALineBreakIsRefusedBeforeAnythingIsSent() async throws {
        let smtp = TestSMTPServer()
        try await smtp.start()
        defer { Task { try? await smtp.stop() } }
        let client = try SMTPClient(server: try SMTPServerURL(parsing: smtp.url))
        for (sender, recipient) in [
            ("site@example.com", "alice@example.com\r\nRCPT TO:<x@evil.example>"), ("site@example.com", "alice@example.com\nRCPT TO:<x@evil.example>"),
            ("site@example.com\r\nRCPT TO:<x@evil.example>", "alice@example.com"), ("site@example.com", "alice@example.com\0"),
        ] {
            await #expect(throws: SMTPFailure.self) { try await client.send(from: sender, to: recipient, message: "Subject: x\r\n\r\nx\r\n") }
            do {
                try await client.send(from: sender, to: recipient, message: "Subject: x\r\n\r\nx\r\n")
            } catch let failure as SMTPFailure {
                #expect(failure.permanent)
            }
        }
        try await client.send(from: "site@example.com", to: "alice@example.com", message: "Subject: x\r\n\r\nx\r\n")
        let received = try await smtp.waitForMessages(1)
        #expect(received.count == 1 && received[0].recipient == "alice@example.com")
    }
}
