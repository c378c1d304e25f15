import PostgresKit
@testable import SiteStore
import Testing

/// The names a connection runs its statements under.
@Suite struct PreparedStatementNamesTests {
    private let select = PreparedStatements.Key(sql: "SELECT a FROM t WHERE b = $1", types: [.text])

    @Test func aStatementKeepsItsNameAndTypesMakeAnotherStatement() {
        var statements = PreparedStatements()
        let name = statements.name(for: self.select)
        statements.record(self.select, succeeded: true)
        #expect(name != nil)
        #expect(statements.name(for: self.select) == name)
        let other = PreparedStatements.Key(sql: self.select.sql, types: [.int8])
        #expect(statements.name(for: other) != name)
    }

    @Test func aFailureBeforeTheFirstRunGivesANewNameAndRepeatedOnesLeaveItUnnamed() {
        var statements = PreparedStatements()
        var names: [String?] = []
        for _ in 0..<PreparedStatements.attempts {
            names.append(statements.name(for: self.select))
            statements.record(self.select, succeeded: false)
        }
        #expect(Set(names.compactMap { $0 }).count == PreparedStatements.attempts)
        #expect(statements.name(for: self.select) == nil)
    }

    @Test func aFailureAfterARunKeepsTheName() {
        var statements = PreparedStatements()
        let name = statements.name(for: self.select)
        statements.record(self.select, succeeded: true)
        statements.record(self.select, succeeded: false)
        #expect(statements.name(for: self.select) == name)
    }

    @Test func pastItsCapacityAConnectionRunsNewStatementsUnnamed() {
        var statements = PreparedStatements()
        for number in 0..<PreparedStatements.capacity {
            #expect(statements.name(for: .init(sql: "SELECT \(number)", types: [])) != nil)
        }
        #expect(statements.name(for: .init(sql: "SELECT 'one more'", types: [])) == nil)
        #expect(statements.name(for: .init(sql: "SELECT 0", types: [])) != nil)
    }
}
