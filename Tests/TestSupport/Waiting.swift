/// Waiting for the event a test means (a row written, a line logged, a worker connected) instead of
/// sleeping for a time that is too long on a fast machine and too short under a sanitizer.
package enum Waiting {
    /// Checks `happened` every 10 ms until it is true; fails with `what` after `seconds`.
    package static func until(_ what: String, seconds: Double = 10, _ happened: () async throws -> Bool) async throws {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while try await !happened() {
            guard ContinuousClock.now < deadline else { throw TestFailure("waited \(seconds) s for \(what)") }
            try await Task.sleep(for: .milliseconds(10))
        }
    }
}
