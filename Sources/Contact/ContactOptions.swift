public import Storage

/// The options contact reads: how many messages a member and a network may send.
extension ConfigOption {
    public static let contactUsLimitPerHour = ConfigOption(
        "contact_us_limit_per_hour", .integer(1...100_000), default: "5", "Contact messages a member may send an hour."
    )
    public static let contactUsLimitPerIPPerHour = ConfigOption(
        "contact_us_limit_per_ip_per_hour", .integer(1...100_000), default: "50", "Contact messages a client network may send an hour."
    )

    /// Every option contact declares.
    public static let declaredByContact: [ConfigOption] = [.contactUsLimitPerHour, .contactUsLimitPerIPPerHour]
}
