import PostgresKit
import Testing

@testable import Storage

/// The names a connection runs its statements under.
@Suite struct PreparedStatementNamesTests {
    private let select = PreparedStatements.Key(sql: "SELECT a FROM t WHERE b = $1", types: [.text])

    @Test func aStatementKeepsItsNameAndTypesMakeAnotherStatement() {
        var statements = PreparedStatements()
        let first = statements.use(for: self.select)
        let name = first?.name
        #expect(first?.ran == false)
        statements.record(self.select, succeeded: true)
        #expect(name != nil)
        #expect(statements.use(for: self.select)?.name == name)
        #expect(statements.use(for: self.select)?.ran == true)
        let other = PreparedStatements.Key(sql: self.select.sql, types: [.int8])
        #expect(statements.use(for: other)?.name != name)
    }

    @Test func aFailureBeforeTheFirstRunGivesANewNameAndRepeatedOnesLeaveItUnnamed() {
        var statements = PreparedStatements()
        var names: [String?] = []
        for _ in 0..<PreparedStatements.attempts {
            names.append(statements.use(for: self.select)?.name)
            statements.record(self.select, succeeded: false)
        }
        #expect(Set(names.compactMap { $0 }).count == PreparedStatements.attempts)
        #expect(statements.use(for: self.select)?.name == nil)
    }

    @Test func aFailureAfterARunKeepsTheName() {
        var statements = PreparedStatements()
        let name = statements.use(for: self.select)?.name
        statements.record(self.select, succeeded: true)
        statements.record(self.select, succeeded: false)
        #expect(statements.use(for: self.select)?.name == name)
    }

    @Test func pastItsCapacityAConnectionRunsNewStatementsUnnamed() {
        var statements = PreparedStatements()
        for number in 0..<PreparedStatements.capacity {
            #expect(statements.use(for: .init(sql: "SELECT \(number)", types: [])) != nil)
        }
        #expect(statements.use(for: .init(sql: "SELECT 'one more'", types: [])) == nil)
        #expect(statements.use(for: .init(sql: "SELECT 0", types: [])) != nil)
    }
}
