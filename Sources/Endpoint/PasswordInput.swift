import ArgumentParser

/// `--password` / `--password-stdin`, shared by the commands that set a password.
struct PasswordInput: ParsableArguments {
    @Option(help: "The password, 8-255 characters (visible in the process list and shell history; prefer --password-stdin).")
    var password: String?

    @Flag(help: "Read the password from the first line of standard input.")
    var passwordStdin = false

    func validate() throws {
        if self.passwordStdin == (self.password != nil) {
            throw ValidationError("Give exactly one of --password and --password-stdin.")
        }
    }

    /// The password from the flag or standard input.
    func read() throws -> String {
        if let password = self.password { return password }
        guard let line = readLine(strippingNewline: true) else {
            throw CommandFailure("No password on standard input.")
        }
        return line
    }
}
