import Foundation

/// The PHC string form of an Argon2id hash, `$argon2id$v=19$m=…,t=…,p=…$salt$hash` (salt and hash in
/// unpadded standard Base64), exactly as libargon2 writes and reads it.
///
/// libargon2 exports its encoder and decoder only inside `argon2id_hash_encoded` and
/// `argon2id_verify`, which allocate the block memory themselves; hashing through `argon2_ctx` with
/// block memory kept between hashes (`CArgon2Memory`) needs the string form done here. Tests hold it
/// to libargon2's: each verifies what the other wrote.
enum Argon2idEncoding {
    struct Decoded: Equatable {
        let parameters: Argon2idParameters
        let salt: [UInt8]
        let hash: [UInt8]
    }

    static func encode(parameters: Argon2idParameters, salt: [UInt8], hash: [UInt8]) -> String {
        "$argon2id$v=19$\(self.costs(parameters))$\(self.base64(salt))$\(self.base64(hash))"
    }

    /// The parts of `encoded`, or nil unless it is an Argon2id v19 string in libargon2's canonical
    /// form (costs in the order m, t, p, no padding, nothing else).
    static func decode(_ encoded: String) -> Decoded? {
        let fields = encoded.split(separator: "$", omittingEmptySubsequences: false)
        guard fields.count == 6, fields[0].isEmpty,
            let parameters = Argon2idParameters(encoded: encoded), fields[3] == self.costs(parameters)[...],
            let salt = self.unbase64(fields[4]), let hash = self.unbase64(fields[5])
        else { return nil }
        return Decoded(parameters: parameters, salt: salt, hash: hash)
    }

    private static func costs(_ parameters: Argon2idParameters) -> String {
        "m=\(parameters.memoryKiB),t=\(parameters.iterations),p=\(parameters.parallelism)"
    }

    private static func base64(_ bytes: [UInt8]) -> String {
        var text = Data(bytes).base64EncodedString()
        while text.last == "=" { text.removeLast() }
        return text
    }

    private static func unbase64(_ text: Substring) -> [UInt8]? {
        guard !text.isEmpty, text.utf8.count % 4 != 1, !text.contains("=") else { return nil }
        let padded = String(text) + String(repeating: "=", count: (4 - text.utf8.count % 4) % 4)
        guard let data = Data(base64Encoded: padded), self.base64(Array(data)) == text else { return nil }
        return Array(data)
    }
}
