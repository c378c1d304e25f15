/// What a push token of each platform looks like, checked before a registration touches anything, so
/// the device table holds only tokens a push service could have issued.
///
/// APNs device tokens are 32 bytes, which the SDKs send as 64 hexadecimal digits (the iOS SDK strips
/// `NSData`'s `<…>` and spaces; the `{length = 32, bytes = 0x… }` description of iOS 13 and later,
/// shortened with `...`, is no token and is refused). FCM registration tokens are about 150–180
/// characters of base64url and `:`; older GCM ones are shorter; 32 to 512 of those characters covers
/// both with room to spare.
public enum PushTokenShape {
    public static let fcmLengths = 32...512

    /// Whether `token` (already trimmed) is shaped like a token of `platform`.
    public static func isWellFormed(_ token: String, for platform: PushPlatform) -> Bool {
        let bytes = token.utf8
        switch platform {
        case .ios:
            return bytes.count == 64
                && bytes.allSatisfy { byte in
                    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
                        || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
                }
        case .android:
            return Self.fcmLengths.contains(bytes.count)
                && bytes.allSatisfy { byte in
                    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                        || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
                        || byte == UInt8(ascii: ":")
                }
        }
    }
}
