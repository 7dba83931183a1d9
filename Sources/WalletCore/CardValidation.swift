import Barcodes
import Foundation

extension Card {
    /// This card with its fields checked and normalized, the rules `add`, `update` and
    /// `importCards` enforce:
    /// - store and code are trimmed and non-empty; the store fits on one line;
    /// - with a format, the encoded value (`barcodeValue`, else `code`) must encode
    ///   (``BarcodeEncoder``: character set, length, check digit, capacity) and is stored
    ///   normalized (EAN/UPC check digit added), so every stored barcode can be drawn;
    /// - `barcodeValue` equal to `code` or empty becomes nil;
    /// - colour `#RRGGBB` (stored upper case), expiry a real `YYYY-MM-DD` date, balance a
    ///   non-negative decimal, currency three letters (stored upper case) and only with a balance;
    /// - group names trimmed, non-empty, duplicates dropped.
    public func validated() throws(CardValidationError) -> Card {
        var card = self
        card.store = store.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !card.store.isEmpty else { throw .emptyStore }
        guard !card.store.contains(where: \.isNewline) else { throw .multiLineStore(card.store) }
        card.code = code.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !card.code.isEmpty else { throw .emptyCode }
        if card.barcodeValue == "" || card.barcodeValue == card.code { card.barcodeValue = nil }
        if let format = card.format {
            let field = card.barcodeValue == nil ? "card number" : "barcode value"
            let value = card.encodedValue
            do {
                let normalized = try BarcodeEncoder.encode(value, as: format).payload
                if card.barcodeValue == nil { card.code = normalized } else { card.barcodeValue = normalized }
            } catch {
                throw .invalidBarcode(field: field, value: value, format: format, reason: error)
            }
        }
        guard let color = CardColor.normalized(color) else { throw .invalidColor(color) }
        card.color = color
        if let expiry = card.expiry, !CardDate.isValid(expiry) { throw .invalidExpiry(expiry) }
        card.balance = try card.balance.map(Self.validatedBalance)
        if let currency = card.currency {
            guard currency.count == 3, currency.unicodeScalars.allSatisfy({ $0.isASCII && $0.properties.isAlphabetic })
            else { throw .invalidCurrency(currency) }
            card.currency = currency.uppercased()
            guard card.balance != nil else { throw .currencyWithoutBalance(card.currency!) }
        }
        card.groups = try Self.validatedGroups(groups)
        guard usageCount >= 0 else { throw .negativeUsageCount(usageCount) }
        return card
    }

    private static func validatedBalance(_ text: String) throws(CardValidationError) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("-"), isDecimal(trimmed.dropFirst()) { throw .negativeBalance(trimmed) }
        guard isDecimal(trimmed[...]) else { throw .invalidBalance(text) }
        return trimmed
    }

    /// Digits with at most one decimal point that has digits on both sides.
    private static func isDecimal(_ text: Substring) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 1 || parts.count == 2 else { return false }
        return parts.allSatisfy { part in
            !part.isEmpty && part.unicodeScalars.allSatisfy { ("0"..."9").contains($0) }
        }
    }

    private static func validatedGroups(_ groups: [String]) throws(CardValidationError) -> [String] {
        var seen = Set<String>()
        var result: [String] = []
        for group in groups {
            let name = group.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !name.isEmpty else { throw .emptyGroupName }
            if seen.insert(name).inserted { result.append(name) }
        }
        return result
    }
}

/// Calendar dates as the wallet writes them: `YYYY-MM-DD`.
enum CardDate {
    /// True for a real date in `YYYY-MM-DD` form (month 1-12, day within the month, leap years counted).
    static func isValid(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count == 10, scalars[4] == "-", scalars[7] == "-" else { return false }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                guard ("0"..."9").contains(scalars[index]) else { return nil }
                value = value * 10 + Int(scalars[index].value - 48)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              year >= 1, (1...12).contains(month), day >= 1 else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return day <= days
    }
}
