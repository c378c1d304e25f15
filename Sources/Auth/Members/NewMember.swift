/// What is needed to create an account; everything else takes the schema's defaults.
public struct NewMember: Sendable {
    public var username: String
    public var email: String
    public var passwordHash: String
    public var primaryGroupID: Int
    public var secondaryGroupIDs: [Int]
    public var validated: Bool
    public var emailConfirmed: Bool
    public var timezone: String
    public var language: String
    public var dateOfBirth: String?

    public init(
        username: String,
        email: String,
        passwordHash: String,
        primaryGroupID: Int,
        secondaryGroupIDs: [Int] = [],
        validated: Bool = true,
        emailConfirmed: Bool = true,
        timezone: String = "UTC",
        language: String = "EN",
        dateOfBirth: String? = nil
    ) {
        self.username = username
        self.email = email
        self.passwordHash = passwordHash
        self.primaryGroupID = primaryGroupID
        self.secondaryGroupIDs = secondaryGroupIDs
        self.validated = validated
        self.emailConfirmed = emailConfirmed
        self.timezone = timezone
        self.language = language
        self.dateOfBirth = dateOfBirth
    }
}
