import PostgresKit

/// A statement's bound values in postgres-nio's encoding, with the types a prepared statement
/// declares for them: what postgres-kit sends for the same values, so a statement means the same
/// prepared or not.
struct PostgresBinds {
    let bindings: PostgresBindings
    let types: [PostgresDataType]

    /// The binds of `values`, or nil when one is of a type postgres-kit encodes by a slower path of its
    /// own (arrays, dictionaries, JSON): such a statement runs unnamed.
    init?(_ values: [any Encodable & Sendable]) {
        var bindings = PostgresBindings(capacity: values.count)
        var types: [PostgresDataType] = []
        types.reserveCapacity(values.count)
        for value in values {
            if let optional = value as? any OptionalBind, optional.isNone {
                bindings.appendNull()
                types.append(.null)
            } else if let value = value as? any PostgresThrowingDynamicTypeEncodable, value.psqlFormat == .binary,
                (try? bindings.append(value)) != nil
            {
                types.append(value.psqlType)
            } else {
                return nil
            }
        }
        self.bindings = bindings
        self.types = types
    }
}

/// Tells a nil `Optional` from a value inside an existential, whatever the wrapped type.
protocol OptionalBind {
    var isNone: Bool { get }
}

extension Optional: OptionalBind {
    var isNone: Bool { self == nil }
}
