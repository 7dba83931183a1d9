import Barcodes
import Foundation

extension Card {
    /// This card with its fields checked and normalized, the rules `add`, `update` and
    /// `importCards` enforce:
    /// - store and code are trimmed and non-empty; the store fits on one line;
    /// - no text holds control characters or bidi overrides, and each fits its length cap
    ///   (``CardTextRules``);
    /// - with a format, the encoded value (`barcodeValue`, else `code`) must encode
    ///   (Barcodes' `BarcodeEncoder`: character set, length, check digit, capacity) and is stored
    ///   normalized (EAN/UPC check digit added), so every stored barcode can be drawn;
    /// - `barcodeValue` may hold C0 control characters (RS, GS, EOT: a symbol's own bytes), no
    ///   other text may;
    /// - `barcodeValue` equal to `code` or empty becomes nil, and so does a `barcodeEncoding` of
    ///   UTF-8 (the default: one way to say it, so equal cards compare equal), and `gs1` without
    ///   a format;
    /// - color `#RRGGBB` (stored upper case), expiry a real `YYYY-MM-DD` date, balance a
    ///   non-negative decimal, currency three letters (stored upper case) and only with a balance;
    /// - group names trimmed, non-empty, duplicates dropped.
    public func validated() throws(CardValidationError) -> Card {
        var card = self
        card.store = self.store.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !card.store.isEmpty else { throw .emptyStore }
        guard !card.store.contains(where: \.isNewline) else { throw .multiLineStore(card.store) }
        try CardTextRules.check(card.store, field: "store name", limit: CardTextRules.storeLimit)
        card.code = self.code.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !card.code.isEmpty else { throw .emptyCode }
        try CardTextRules.check(card.code, field: "card number", limit: CardTextRules.codeLimit)
        if let value = card.barcodeValue { try CardTextRules.checkBarcodeValue(value) }
        try CardTextRules.check(self.note, field: "note", limit: CardTextRules.noteLimit, multiline: true)
        if card.barcodeValue == "" || card.barcodeValue == card.code { card.barcodeValue = nil }
        if card.barcodeEncoding == .utf8 { card.barcodeEncoding = nil }
        if card.format == nil { card.gs1 = false }
        if let format = card.format {
            let field = card.barcodeValue == nil ? "card number" : "barcode value"
            let value = card.encodedValue
            do {
                let normalized = try card.barcode(as: format).payload
                if card.barcodeValue == nil { card.code = normalized } else { card.barcodeValue = normalized }
            } catch {
                throw .invalidBarcode(field: field, value: value, format: format, reason: error)
            }
        }
        guard let color = CardColor.normalized(self.color) else { throw .invalidColor(self.color) }
        card.color = color
        if let expiry = card.expiry, !CardDate.isValid(expiry) { throw .invalidExpiry(expiry) }
        card.balance = try card.balance.map(Self.validatedBalance)
        if let currency = card.currency {
            guard let code = CardValueRules.currencyCode(currency) else { throw .invalidCurrency(currency) }
            card.currency = code
            guard card.balance != nil else { throw .currencyWithoutBalance(code) }
        }
        card.groups = try Self.validatedGroups(self.groups)
        guard usageCount >= 0 else { throw .negativeUsageCount(usageCount) }
        try pass?.checkTexts()
        return card
    }

    private static func validatedBalance(_ text: String) throws(CardValidationError) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("-"), CardValueRules.isDecimal(trimmed.dropFirst()) { throw .negativeBalance(trimmed) }
        guard CardValueRules.isDecimal(trimmed[...]) else { throw .invalidBalance(text) }
        return trimmed
    }

    private static func validatedGroups(_ groups: [String]) throws(CardValidationError) -> [String] {
        var seen = Set<String>()
        var result: [String] = []
        for group in groups {
            let name = group.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !name.isEmpty else { throw .emptyGroupName }
            try CardTextRules.check(name, field: "group name", limit: CardTextRules.groupLimit)
            if seen.insert(name).inserted { result.append(name) }
        }
        return result
    }
}
