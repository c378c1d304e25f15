// The records of a big site's big tables, as a `Spool` keeps them: each field in the order written.

extension ComposrMember: SpooledRecord {
    func write(to fields: inout RecordBytes) {
        fields.int(self.id)
        for text in [self.username, self.email, self.passwordHash, self.passwordSalt, self.passwordScheme] { fields.text(text) }
        for flag in [self.validated, self.emailConfirmed, self.banned, self.revealAge] { fields.bool(flag) }
        for number in [self.joinTime, self.lastVisitTime, self.primaryGroupID] { fields.int(number) }
        fields.text(self.timezone)
        fields.text(self.language)
        fields.optionalText(self.dateOfBirth)
        fields.translatable(self.signatureField)
    }

    init(reading fields: inout RecordFields) throws {
        self.id = try fields.int()
        self.username = try fields.text()
        self.email = try fields.text()
        self.passwordHash = try fields.text()
        self.passwordSalt = try fields.text()
        self.passwordScheme = try fields.text()
        self.validated = try fields.bool()
        self.emailConfirmed = try fields.bool()
        self.banned = try fields.bool()
        self.revealAge = try fields.bool()
        self.joinTime = try fields.int()
        self.lastVisitTime = try fields.int()
        self.primaryGroupID = try fields.int()
        self.timezone = try fields.text()
        self.language = try fields.text()
        self.dateOfBirth = try fields.optionalText()
        self.signatureField = try fields.translatable()
    }
}

extension ComposrArticle: SpooledRecord {
    func write(to fields: inout RecordBytes) {
        fields.int(self.id)
        for text in [self.titleField, self.summaryField, self.bodyField] { fields.translatable(text) }
        fields.text(self.author)
        for number in [self.submitterID, self.categoryID, self.addDate, self.views] { fields.int(number) }
        fields.ints(self.secondaryCategoryIDs)
        fields.optionalInt(self.editDate)
        for flag in [self.validated, self.allowComments, self.allowRating] { fields.bool(flag) }
        fields.text(self.image)
        fields.text(self.notes)
    }

    init(reading fields: inout RecordFields) throws {
        self.id = try fields.int()
        self.titleField = try fields.translatable()
        self.summaryField = try fields.translatable()
        self.bodyField = try fields.translatable()
        self.author = try fields.text()
        self.submitterID = try fields.int()
        self.categoryID = try fields.int()
        self.addDate = try fields.int()
        self.views = try fields.int()
        self.secondaryCategoryIDs = try fields.ints()
        self.editDate = try fields.optionalInt()
        self.validated = try fields.bool()
        self.allowComments = try fields.bool()
        self.allowRating = try fields.bool()
        self.image = try fields.text()
        self.notes = try fields.text()
    }
}

extension ComposrPushToken: SpooledRecord {
    func write(to fields: inout RecordBytes) {
        fields.text(self.platform)
        fields.text(self.token)
        fields.int(self.memberID)
    }

    init(reading fields: inout RecordFields) throws {
        self.platform = try fields.text()
        self.token = try fields.text()
        self.memberID = try fields.int()
    }
}
