import Foundation
import TestSupport
import Testing

/// `endpoint import composr --from mysql://…`: the Composr site's database itself, read through
/// mysqldump, from the throwaway MariaDB the test script starts (`ENDPOINT_TEST_MARIADB_URL`) with the
/// fixture's dump loaded into it. Required under CI, like PostgreSQL.
@Suite struct ComposrImportFromDatabaseTests {
    static let server = ProcessInfo.processInfo.environment["ENDPOINT_TEST_MARIADB_URL"].flatMap { $0.isEmpty ? nil : $0 }

    @Test(.enabled(if: Self.server != nil || ProcessInfo.processInfo.environment["CI"] != nil))
    func aLiveComposrDatabaseImportsAsItsDumpDoes() async throws {
        let server = try #require(Self.server, "scripts/test-environment.sh starts a MariaDB and names it in ENDPOINT_TEST_MARIADB_URL")
        let mariadb = try MariaDBClient(server)
        let name = "composr_\(UUID().uuidString.prefix(8).lowercased())"
        try mariadb.run("CREATE DATABASE \(name) CHARACTER SET utf8mb4")
        defer { try? mariadb.run("DROP DATABASE \(name)") }
        try mariadb.run("SOURCE \(ComposrFixture.dump.path)", database: name)

        let fromDump = try await TestDatabase.freshURL(.sqlite)
        let fromDatabase = try await TestDatabase.freshURL(.sqlite)
        for url in [fromDump, fromDatabase] { #expect(try EndpointProcess.run(["migrate"], database: url.connectionString).status == 0) }
        let dumped = try EndpointProcess.run(["import", "composr", ComposrFixture.dump.path, "--json"], database: fromDump.connectionString)
        let read = try EndpointProcess.run(["import", "composr", "--from", "\(server)/\(name)", "--json"], database: fromDatabase.connectionString)
        #expect(read.status == 0, "\(read.errors)")
        #expect(read.output == dumped.output, "the database reads as its dump: \(read.output)")
        #expect(read.output.contains(#""members":{"already_here":0,"imported":7,"#), "\(read.output)")
        let zoe = try #require(try ComposrImportCommandTests.passwords()["Zoë"])
        try await TestDatabase.withOpen(fromDatabase) { database in
            try await TestServer.run(sharing: database) { client, _ in
                let login = try await client.login("Zoë", zoe.password)
                #expect(login.success == true, "\(login.raw)")
            }
        }

        // A wrong password ends with mysqldump's sentence, never the password, and writes nothing.
        let wrong = server.replacingOccurrences(of: "@", with: "x@")
        let refused = try EndpointProcess.run(["import", "composr", "--from", "\(wrong)/\(name)"], database: fromDump.connectionString)
        #expect(
            refused.status != 0 && refused.errors.contains("mysqldump could not read the Composr database (mysqldump: Got error: 1045"), "\(refused.errors)")
        #expect(!refused.errors.contains(mariadb.password + "x"), "the password is not repeated")
        let missing = try EndpointProcess.run(["import", "composr", "--from", "\(server)/nowhere"], database: fromDump.connectionString)
        #expect(missing.status != 0 && missing.errors.contains("Unknown database"), "\(missing.errors)")
        let neither = try EndpointProcess.run(["import", "composr", "--from", "postgres://x@y/z"], database: fromDump.connectionString)
        #expect(neither.status != 0 && neither.errors.contains("--from takes the Composr database's address"), "\(neither.errors)")
    }
}

/// The MariaDB command-line client on the test server, its password in its environment (a test's
/// throwaway server; the importer itself passes it in an options file).
struct MariaDBClient {
    let host: String
    let port: Int
    let user: String
    let password: String

    init(_ url: String) throws {
        let parts = try #require(URLComponents(string: url))
        (self.host, self.port, self.user, self.password) = (
            try #require(parts.host), parts.port ?? 3306, try #require(parts.user), parts.password ?? ""
        )
    }

    func run(_ statement: String, database: String? = nil) throws {
        var arguments = ["--no-defaults", "--host=\(self.host)", "--port=\(self.port)", "--protocol=TCP", "--user=\(self.user)"]
        if let database { arguments.append("--database=\(database)") }
        var environment = ProcessInfo.processInfo.environment
        environment["MYSQL_PWD"] = self.password
        let result = try Subprocess.run(URL(fileURLWithPath: "/usr/bin/mariadb"), arguments + ["-e", statement], environment: environment)
        guard result.status == 0 else { throw TestFailure("mariadb: \(result.errors)") }
    }
}
