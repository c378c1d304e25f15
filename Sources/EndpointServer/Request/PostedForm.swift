/// A POST body's form as a hook reads it: its text fields by name (a name sent twice is refused), and
/// a multipart form's file parts.
struct PostedForm {
    var fields: [String: String] = [:]
    var files: [(name: String, fileName: String, bytes: ArraySlice<UInt8>)] = []
}
