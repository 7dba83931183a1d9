extension LivePass {
    /// The most fields a pass keeps (Apple shows far fewer).
    public static let fieldLimit = 100
    /// The most characters of a field's key, label or change message, and of a pass identifier.
    public static let textLimit = 1_000
    /// The most characters of a field's value (back fields hold terms and conditions).
    public static let valueLimit = 10_000

    /// Throws when a text of the pass breaks ``CardTextRules`` (control characters, bidi
    /// overrides) or its cap, or the pass has more than ``fieldLimit`` fields.
    func checkTexts() throws(CardValidationError) {
        guard fields.count <= Self.fieldLimit else {
            throw .tooLong(field: "pass fields", length: fields.count, limit: Self.fieldLimit)
        }
        try CardTextRules.check(serialNumber, field: "pass serialNumber", limit: Self.textLimit)
        try CardTextRules.check(passTypeIdentifier, field: "pass passTypeIdentifier", limit: Self.textLimit)
        try CardTextRules.check(webServiceURL ?? "", field: "pass webServiceURL", limit: Self.textLimit)
        try CardTextRules.check(authenticationToken ?? "", field: "pass authenticationToken", limit: Self.textLimit)
        for field in fields {
            try CardTextRules.check(field.key, field: "pass field key", limit: Self.textLimit)
            try CardTextRules.check(field.label ?? "", field: "pass field \(field.key) label", limit: Self.textLimit)
            try CardTextRules.check(field.value, field: "pass field \(field.key)", limit: Self.valueLimit, multiline: true)
            try CardTextRules.check(
                field.changeMessage ?? "", field: "pass field \(field.key) changeMessage", limit: Self.textLimit)
        }
        for location in locations {
            try CardTextRules.check(location.relevantText ?? "", field: "pass location relevantText", limit: Self.textLimit)
        }
    }
}
