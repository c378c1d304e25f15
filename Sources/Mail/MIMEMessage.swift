import Foundation

/// Renders a queued mail as an RFC 5322 message: UTF-8 plain text and HTML alternatives, both base64
/// (so no line is too long and no line starts with a dot), and headers with non-ASCII text encoded as
/// RFC 2047 encoded words. Header values never carry CR or LF, so a subject cannot inject headers.
struct MIMEMessage {
    let fromAddress: String
    let fromName: String
    let mail: OutgoingMail
    let messageID: String
    let date: Date

    /// The message with CRLF line endings, ready for SMTP `DATA` (before dot-stuffing).
    func rendered(boundary: String = "=_" + UUID().uuidString) -> String {
        var headers = [
            "From: \(Self.encodedWords(self.fromName)) <\(self.fromAddress)>",
            "To: <\(Self.headerSafe(self.mail.recipient))>",
            "Subject: \(Self.encodedWords(self.mail.subject))",
            "Date: \(Self.rfc5322Date(self.date))",
            "Message-ID: <\(self.messageID)>",
            "MIME-Version: 1.0",
            "Content-Type: multipart/alternative; boundary=\"\(boundary)\"",
        ]
        if !self.mail.replyTo.isEmpty {
            headers.insert("Reply-To: <\(Self.headerSafe(self.mail.replyTo))>", at: 2)
        }
        let parts = [("text/plain", self.mail.text), ("text/html", self.mail.html)].map { type, body in
            "--\(boundary)\r\nContent-Type: \(type); charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n"
                + Self.base64Lines(body) + "\r\n"
        }
        return headers.joined(separator: "\r\n") + "\r\n\r\n" + parts.joined() + "--\(boundary)--\r\n"
    }

    /// `text` as is when it is printable ASCII, else as `=?UTF-8?B?…?=` words of at most 75 characters
    /// that never split a character.
    static func encodedWords(_ text: String) -> String {
        let safe = Self.headerSafe(text)
        if safe.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value < 0x7F }) { return safe }
        var words: [String] = []
        var chunk: [UInt8] = []
        for character in safe {
            let bytes = Array(String(character).utf8)
            if chunk.count + bytes.count > 45 {
                words.append("=?UTF-8?B?\(Data(chunk).base64EncodedString())?=")
                chunk = []
            }
            chunk += bytes
        }
        if !chunk.isEmpty { words.append("=?UTF-8?B?\(Data(chunk).base64EncodedString())?=") }
        return words.joined(separator: "\r\n ")
    }

    /// `text` with line breaks (and other control characters) turned into spaces.
    static func headerSafe(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : $0 }))
    }

    private static func base64Lines(_ text: String) -> String {
        Data(text.utf8).base64EncodedString(options: [.lineLength76Characters, .endLineWithCarriageReturn, .endLineWithLineFeed])
    }

    /// RFC 5322 date in UTC, e.g. `Sun, 22 Nov 2026 02:13:39 +0000` (English names whatever the locale).
    static func rfc5322Date(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.weekday, .day, .month, .year, .hour, .minute, .second], from: date)
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func two(_ value: Int?) -> String {
            let text = String(value ?? 0)
            return text.count < 2 ? "0" + text : text
        }
        return "\(days[(parts.weekday ?? 1) - 1]), \(two(parts.day)) \(months[(parts.month ?? 1) - 1]) \(parts.year ?? 1970) "
            + "\(two(parts.hour)):\(two(parts.minute)):\(two(parts.second)) +0000"
    }
}
