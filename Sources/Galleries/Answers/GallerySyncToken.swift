import Text

/// A position in this database's gallery change log: `content/galleries` `id=changes&since=…`
/// answers what changed after it (the tree and each answer of changes hand one out).
struct GallerySyncToken: Equatable {
    var databaseID: String
    var seq: Int

    var token: String {
        OpaqueToken.encode(["gs1", self.databaseID, String(self.seq)])
    }

    init(databaseID: String, seq: Int) {
        self.databaseID = databaseID
        self.seq = seq
    }

    init?(token: String) {
        guard let fields = OpaqueToken.decode(token), fields.count == 3, fields[0] == "gs1", !fields[1].isEmpty, let seq = Int(fields[2]), seq >= 0
        else { return nil }
        self.init(databaseID: fields[1], seq: seq)
    }
}
