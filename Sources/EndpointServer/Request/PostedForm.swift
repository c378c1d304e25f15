package import NIOCore

/// A POST body's form as a hook reads it: its text fields by name (a name sent twice is refused), and
/// a multipart form's file parts.
package struct PostedForm {
    package var fields: [String: String] = [:]
    package var files: [(name: String, bytes: ArraySlice<UInt8>)] = []
}
