import Crypto
import Foundation
import HummingbirdOTP
public import Messages
public import Storage
import Text

/// A member's second factor for the console's sign-in: a TOTP key (RFC 6238 as authenticator apps
/// use it: six digits, 30-second steps, HMAC-SHA-1; computed by hummingbird-auth's OTP module) and
/// ten single-use recovery codes.
///
/// It is set up in two steps — a key is made and shown, then kept only once a code from it is given,
/// so a key never copied is never asked for — and checked by ``Login`` when the console signs in (the
/// API's login is unchanged for the apps). A code is taken once: its time step must be later than the
/// last one taken, so an overheard code cannot be replayed; a code one step early or late is accepted
/// (a phone's clock drifts). Keys are stored as they are (checking a code needs them); recovery codes
/// only as SHA-256 hashes.
public struct SecondFactor: Sendable {
    /// Where a member's second factor stands.
    public enum State: Sendable, Equatable {
        case off
        /// A key made and shown, not yet confirmed by a code: `key` as an app takes it typed (base32),
        /// `url` as it takes it from a link or QR code (`otpauth://`).
        case pending(key: String, url: String)
        /// On, with how many recovery codes are left.
        case on(recoveryCodesLeft: Int)
    }

    static let stepSeconds = 30
    static let recoveryCodeCount = 10

    let database: Database

    public init(database: Database) {
        self.database = database
    }

    /// Where member `memberID`'s second factor stands; `label` and `issuer` name the key in the app.
    public func state(of memberID: Int, label: String, issuer: String) async throws -> State {
        try await self.database.withConnection { connection in
            guard let key = try await SecondFactorStore.key(memberID: memberID, on: connection) else { return .off }
            guard key.confirmed else { return Self.pending(key.secret, label: label, issuer: issuer) }
            return .on(recoveryCodesLeft: try await SecondFactorStore.recoveryCodesLeft(memberID: memberID, on: connection))
        }
    }

    /// Whether member `memberID` signs in with a second factor.
    public func isOn(for memberID: Int, on connection: StoreConnection) async throws -> Bool {
        try await SecondFactorStore.key(memberID: memberID, on: connection)?.confirmed == true
    }

    /// Makes a new key for member `memberID` (replacing one not yet confirmed, or turning theirs off
    /// until the new one is) and answers it as ``State/pending(key:url:)``.
    public func begin(memberID: Int, label: String, issuer: String) async throws -> State {
        let secret = RandomText.alphanumeric(count: 32)
        try await self.database.transaction { try await SecondFactorStore.setPending(secret, memberID: memberID, on: $0) }
        return Self.pending(secret, label: label, issuer: issuer)
    }

    /// Turns member `memberID`'s pending key on when `code` is a code from it at `now`; answers their
    /// recovery codes, shown this once.
    public func confirm(memberID: Int, code: String, now: Int) async throws -> [String] {
        let codes = (0..<Self.recoveryCodeCount).map { _ in Self.recoveryCode() }
        try await self.database.transaction { connection in
            guard let key = try await SecondFactorStore.key(memberID: memberID, on: connection), !key.confirmed,
                let step = Self.step(of: code, secret: key.secret, now: now)
            else { throw Refusal.invalid(.secondFactorWrong) }
            try await SecondFactorStore.confirm(memberID: memberID, at: now, step: step, codeHashes: codes.map(Self.hash), on: connection)
        }
        return codes
    }

    /// Turns member `memberID`'s second factor off.
    public func turnOff(memberID: Int) async throws {
        try await self.database.transaction { try await SecondFactorStore.remove(memberID: memberID, on: $0) }
    }

    /// Whether `code` — a code from the member's app, or one of their recovery codes — proves member
    /// `memberID`'s second factor at `now`, taking it so it is never accepted again.
    func take(_ code: String, memberID: Int, now: Int, on connection: StoreConnection) async throws -> Bool {
        guard let key = try await SecondFactorStore.key(memberID: memberID, on: connection), key.confirmed else { return false }
        if let step = Self.step(of: code, secret: key.secret, now: now) {
            return try await SecondFactorStore.advance(memberID: memberID, to: step, on: connection)
        }
        let recovery = code.lowercased().filter(\.isHexDigit)
        guard recovery.count == 10 else { return false }
        return try await SecondFactorStore.useRecoveryCode(memberID: memberID, hash: Self.hash(recovery), on: connection)
    }

    /// The time step `code` is the key's code for, one step either side of `now`'s; nil when it is none.
    static func step(of code: String, secret: String, now: Int) -> Int? {
        let digits = code.filter { !$0.isWhitespace }
        guard digits.count == 6, digits.allSatisfy({ ("0"..."9").contains($0) }) else { return nil }
        let totp = TOTP(secret: secret, length: 6, timeStep: Self.stepSeconds)
        let current = now / Self.stepSeconds
        return [current - 1, current, current + 1].first { step in
            let expected = String(totp.compute(date: Date(timeIntervalSince1970: TimeInterval(step * Self.stepSeconds))))
            let padded = String(repeating: "0", count: 6 - expected.count) + expected
            return ConstantTime.equals(Array(padded.utf8), Array(digits.utf8))
        }
    }

    private static func pending(_ secret: String, label: String, issuer: String) -> State {
        let url = TOTP(secret: secret, length: 6, timeStep: Self.stepSeconds).createAuthenticatorURL(label: label, issuer: issuer)
        let key = URLComponents(string: url)?.queryItems?.first { $0.name == "secret" }?.value ?? ""
        return .pending(key: key, url: url)
    }

    /// A recovery code as shown: ten hex digits in two groups (`3f9a1-c07be`).
    private static func recoveryCode() -> String {
        let digits = RandomText.hex(byteCount: 5)
        return String(digits.prefix(5)) + "-" + String(digits.suffix(5))
    }

    /// A recovery code's stored form: the SHA-256 of its digits, lowercase, without the dash.
    private static func hash(_ code: String) -> String {
        Hex.encode(SHA256.hash(data: Array(code.lowercased().filter(\.isHexDigit).utf8)))
    }
}
