import Auth
import Testing

@Suite struct TimezoneNameTests {
    @Test(arguments: ["Europe/Paris", "UTC", "GMT+5", "Etc/GMT-14", "America/Argentina/Buenos_Aires"])
    func knownNames(name: String) {
        #expect(TimezoneName.isKnown(name))
    }

    /// The NUL case was found by fuzzing: Foundation on Linux accepts `Europe/Paris\0…`.
    @Test(arguments: ["Europe/Paris\u{0}x", "../../etc/passwd", "europe/paris", "", "Europe/Paris ", "Mars/Olympus_Mons", String(repeating: "A", count: 65)])
    func refusedNames(name: String) {
        #expect(!TimezoneName.isKnown(name))
    }
}
